// SPDX-License-Identifier: Apache-2.0
#include "io/image_metadata.h"

#include <mutex>

#include <exiv2/exiv2.hpp>

namespace gpen {
namespace {

// exiv2 prints its warnings to stderr by default, and core never prints; its XMP parser must be
// initialised once before threads use it.
void initialiseExiv2() {
    static std::once_flag once;
    std::call_once(once, [] {
        Exiv2::LogMsg::setLevel(Exiv2::LogMsg::mute);
        Exiv2::XmpParser::initialize();
    });
}

void setIfPresent(Exiv2::ExifData& exif, const char* key, std::uint32_t value) {
    const auto it = exif.findKey(Exiv2::ExifKey(key));
    if (it != exif.end()) it->setValue(std::to_string(value));
}

}  // namespace

namespace {

ImageHeaderFacts factsOf(Exiv2::Image::AutoPtr image) {
    ImageHeaderFacts facts;
    if (!image.get()) return facts;
    image->readMetadata();
    const Exiv2::ExifData& exif = image->exifData();
    const auto it = exif.findKey(Exiv2::ExifKey("Exif.Image.Orientation"));
    if (it != exif.end() && it->count() > 0) {
        const long v = it->toLong();
        if (v >= 1 && v <= 8) facts.orientation = static_cast<int>(v);
    }
    return facts;
}

}  // namespace

ImageHeaderFacts readImageHeaderFacts(const std::filesystem::path& path) {
    initialiseExiv2();
    try {
        return factsOf(Exiv2::ImageFactory::open(path.string()));
    } catch (const std::exception&) {
        // Not a format exiv2 knows, or damaged metadata: the orientation stays normal.
        return {};
    }
}

std::vector<unsigned char> withMetadata(std::vector<unsigned char> encoded,
                                        const MetadataToWrite& what, std::string* warning) {
    initialiseExiv2();
    try {
        Exiv2::ExifData exif;
        Exiv2::IptcData iptc;
        Exiv2::XmpData xmp;
        Exiv2::DataBuf icc;
        if (!what.source.empty()) {
            auto src = Exiv2::ImageFactory::open(what.source.string());
            if (src.get()) {
                src->readMetadata();
                exif = src->exifData();
                iptc = src->iptcData();
                xmp = src->xmpData();
                if (src->iccProfileDefined())
                    icc = Exiv2::DataBuf(src->iccProfile()->pData_, src->iccProfile()->size_);
            }
        }
        if (exif.empty() && iptc.empty() && xmp.empty() && icc.size_ == 0 &&
            what.processingNote.empty())
            return encoded;

        auto dst = Exiv2::ImageFactory::open(encoded.data(), static_cast<long>(encoded.size()));
        if (!dst.get()) return encoded;
        dst->readMetadata();
        if (!exif.empty()) {
            Exiv2::ExifThumb(exif).erase();
            setIfPresent(exif, "Exif.Image.Orientation", 1);
            setIfPresent(exif, "Exif.Photo.PixelXDimension",
                         static_cast<std::uint32_t>(what.width));
            setIfPresent(exif, "Exif.Photo.PixelYDimension",
                         static_cast<std::uint32_t>(what.height));
        }
        if (const auto it = xmp.findKey(Exiv2::XmpKey("Xmp.tiff.Orientation")); it != xmp.end())
            it->setValue("1");
        if (!what.processingNote.empty()) {
            exif["Exif.Image.Software"] = what.processingNote;
            // ImageHistory keeps earlier steps (a scan, an edit) and adds ours.
            const auto history = exif.findKey(Exiv2::ExifKey("Exif.Image.ImageHistory"));
            const std::string before = history != exif.end() ? history->toString() : std::string();
            exif["Exif.Image.ImageHistory"] =
                before.empty() ? what.processingNote : before + "; " + what.processingNote;
            xmp["Xmp.xmp.CreatorTool"] = what.processingNote;
        }
        if (dst->checkMode(Exiv2::mdExif) & Exiv2::amWrite) dst->setExifData(exif);
        if (dst->checkMode(Exiv2::mdIptc) & Exiv2::amWrite) dst->setIptcData(iptc);
        if (dst->checkMode(Exiv2::mdXmp) & Exiv2::amWrite) dst->setXmpData(xmp);
        if (icc.size_ > 0 && (dst->checkMode(Exiv2::mdIccProfile) & Exiv2::amWrite))
            dst->setIccProfile(icc);
        dst->writeMetadata();
        Exiv2::BasicIo& io = dst->io();
        if (io.open() != 0) throw Exiv2::Error(Exiv2::kerDataSourceOpenFailed, "memory");
        const long size = static_cast<long>(io.size());
        io.seek(0, Exiv2::BasicIo::beg);
        Exiv2::DataBuf out = io.read(size);
        io.close();
        if (out.size_ != size) throw Exiv2::Error(Exiv2::kerFailedToReadImageData);
        return std::vector<unsigned char>(out.pData_, out.pData_ + out.size_);
    } catch (const std::exception& e) {
        if (warning) *warning = std::string("metadata not copied: ") + e.what();
        return encoded;
    }
}

}  // namespace gpen
