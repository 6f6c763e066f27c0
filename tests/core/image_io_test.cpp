// SPDX-License-Identifier: Apache-2.0
// Image decode and encode: 16 bits, alpha and gray kept, EXIF orientation applied, metadata
// copied with the orientation reset, the pixel limit checked, atomic writes.

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <sys/stat.h>

#include <gtest/gtest.h>
#include <exiv2/exiv2.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "gpen/io/image_io.h"
#include "support/log_capture.h"
#include "support/stderr_capture.h"
#include "support/temp_models_dir.h"

namespace {

namespace fs = std::filesystem;
using gpen::test::LogCapture;
using gpen::test::StderrCapture;
using gpen::test::TempModelsDir;

cv::Mat randomImage(int rows, int cols, int type, int seed) {
    cv::Mat m(rows, cols, type);
    cv::RNG rng(static_cast<std::uint64_t>(seed));
    rng.fill(m, cv::RNG::UNIFORM, 0, m.depth() == CV_16U ? 65536 : 256);
    return m;
}

// A picture whose every orientation differs: a gradient plus a bright corner block.
cv::Mat asymmetricImage() {
    cv::Mat m(48, 80, CV_8UC3);
    for (int y = 0; y < m.rows; ++y)
        for (int x = 0; x < m.cols; ++x)
            m.at<cv::Vec3b>(y, x) =
                cv::Vec3b(static_cast<uchar>(x * 3), static_cast<uchar>(y * 5), 40);
    m(cv::Rect(0, 0, 16, 8)).setTo(cv::Scalar(255, 255, 255));
    return m;
}

void setMetadata(const fs::path& file, int orientation, const std::string& artist) {
    auto image = Exiv2::ImageFactory::open(file.string());
    image->readMetadata();
    Exiv2::ExifData& exif = image->exifData();
    exif["Exif.Image.Orientation"] = static_cast<std::uint16_t>(orientation);
    if (!artist.empty()) {
        exif["Exif.Image.Artist"] = artist;
        image->iptcData()["Iptc.Application2.Caption"] = "Fifth Solvay conference";
        image->xmpData()["Xmp.dc.title"] = "lang=x-default Solvay 1927";
    }
    image->writeMetadata();
}

struct ReadBack {
    std::string artist, caption, title;
    long orientation = 0;
};

ReadBack readMetadata(const fs::path& file) {
    auto image = Exiv2::ImageFactory::open(file.string());
    image->readMetadata();
    ReadBack r;
    const auto& exif = image->exifData();
    if (auto it = exif.findKey(Exiv2::ExifKey("Exif.Image.Artist")); it != exif.end())
        r.artist = it->toString();
    if (auto it = exif.findKey(Exiv2::ExifKey("Exif.Image.Orientation")); it != exif.end())
        r.orientation = it->toLong();
    const auto& iptc = image->iptcData();
    if (auto it = iptc.findKey(Exiv2::IptcKey("Iptc.Application2.Caption")); it != iptc.end())
        r.caption = it->toString();
    const auto& xmp = image->xmpData();
    if (auto it = xmp.findKey(Exiv2::XmpKey("Xmp.dc.title")); it != xmp.end())
        r.title = it->toString();
    return r;
}

bool equal(const cv::Mat& a, const cv::Mat& b) {
    return a.size() == b.size() && a.type() == b.type() && cv::norm(a, b, cv::NORM_INF) == 0;
}

TEST(ImageIo, SixteenBitsAndAlphaComeBackBitExactWhereNothingChanged) {
    TempModelsDir dir("image-io");
    const cv::Mat original = randomImage(37, 53, CV_16UC4, 1);
    const fs::path file = dir.path() / "scan16.png";
    ASSERT_TRUE(cv::imwrite(file.string(), original));

    auto d = gpen::readImage(file);
    ASSERT_TRUE(d) << d.error().message;
    EXPECT_EQ(d->bgr8.type(), CV_8UC3);
    EXPECT_EQ(d->bgr16.type(), CV_16UC3);
    EXPECT_EQ(d->alpha.type(), CV_16UC1);
    EXPECT_FALSE(d->gray);
    cv::Mat expected8;
    original.convertTo(expected8, CV_8U, 1.0 / 257.0);
    std::vector<cv::Mat> planes;
    cv::split(expected8, planes);
    planes.pop_back();
    cv::Mat expectedBgr8;
    cv::merge(planes, expectedBgr8);
    EXPECT_TRUE(equal(d->bgr8, expectedBgr8));

    // Unchanged pixels keep all 16 bits and the alpha.
    EXPECT_TRUE(equal(gpen::toInputLayout(*d, d->bgr8), original));

    // A changed block takes the change, 257 x per level, on top of the 16-bit original.
    cv::Mat restored = d->bgr8.clone();
    const cv::Rect block(5, 6, 10, 10);
    restored(block) = cv::Scalar(128, 128, 128);
    const cv::Mat out = gpen::toInputLayout(*d, restored);
    ASSERT_EQ(out.type(), CV_16UC4);
    for (int y = 0; y < out.rows; ++y) {
        for (int x = 0; x < out.cols; ++x) {
            const auto o = out.at<cv::Vec4w>(y, x);
            const auto in = original.at<cv::Vec4w>(y, x);
            EXPECT_EQ(o[3], in[3]);
            for (int c = 0; c < 3; ++c) {
                const int delta =
                    block.contains({x, y}) ? (128 - d->bgr8.at<cv::Vec3b>(y, x)[c]) * 257 : 0;
                ASSERT_EQ(o[c], std::clamp(in[c] + delta, 0, 65535)) << x << "," << y;
            }
        }
    }

    // Written as PNG it stays 16-bit RGBA; as JPEG it becomes 8-bit colour.
    ASSERT_TRUE(gpen::writeImageAtomic(dir.path() / "out16.png", out));
    EXPECT_TRUE(equal(cv::imread((dir.path() / "out16.png").string(), cv::IMREAD_UNCHANGED), out));
    ASSERT_TRUE(gpen::writeImageAtomic(dir.path() / "out8.jpg", out));
    EXPECT_EQ(cv::imread((dir.path() / "out8.jpg").string(), cv::IMREAD_UNCHANGED).type(), CV_8UC3);
}

TEST(ImageIo, GrayStaysOneChannelAndAlphaFollowsAnUpscale) {
    TempModelsDir dir("image-io");
    const cv::Mat gray = randomImage(20, 30, CV_8UC1, 2);
    ASSERT_TRUE(cv::imwrite((dir.path() / "gray.png").string(), gray));
    auto d = gpen::readImage(dir.path() / "gray.png");
    ASSERT_TRUE(d) << d.error().message;
    EXPECT_TRUE(d->gray);
    EXPECT_EQ(d->bgr8.type(), CV_8UC3);
    EXPECT_TRUE(equal(gpen::toInputLayout(*d, d->bgr8), gray));

    const cv::Mat rgba = randomImage(20, 30, CV_8UC4, 3);
    ASSERT_TRUE(cv::imwrite((dir.path() / "rgba.png").string(), rgba));
    auto a = gpen::readImage(dir.path() / "rgba.png");
    ASSERT_TRUE(a) << a.error().message;
    cv::Mat up;
    cv::resize(a->bgr8, up, {60, 40});
    const cv::Mat out = gpen::toInputLayout(*a, up);
    EXPECT_EQ(out.type(), CV_8UC4);
    EXPECT_EQ(out.size(), cv::Size(60, 40));
}

TEST(ImageIo, EveryExifOrientationIsAppliedAsOpenCvDoes) {
    TempModelsDir dir("image-io");
    for (int o = 1; o <= 8; ++o) {
        const fs::path file = dir.path() / (std::to_string(o) + "-oriented.jpg");
        ASSERT_TRUE(cv::imwrite(file.string(), asymmetricImage(), {cv::IMWRITE_JPEG_QUALITY, 100}));
        setMetadata(file, o, {});
        const cv::Mat reference =
            cv::imread(file.string(), cv::IMREAD_COLOR);  // applies it for JPEG
        auto d = gpen::readImage(file);
        ASSERT_TRUE(d) << d.error().message;
        EXPECT_EQ(d->orientation, o);
        EXPECT_TRUE(equal(d->bgr8, reference)) << "orientation " << o;
    }
}

TEST(ImageIo, MetadataIsCopiedWithTheOrientationReset) {
    TempModelsDir dir("image-io");
    const fs::path source = dir.path() / "source.jpg";
    ASSERT_TRUE(cv::imwrite(source.string(), asymmetricImage()));
    setMetadata(source, 6, "Benjamin Couprie");
    auto d = gpen::readImage(source);
    ASSERT_TRUE(d) << d.error().message;
    ASSERT_EQ(d->bgr8.size(), cv::Size(48, 80));  // rotated upright

    for (const char* name : {"restored.jpg", "restored.png", "restored.tif", "restored.webp"}) {
        const fs::path out = dir.path() / name;
        ASSERT_TRUE(gpen::writeImageAtomic(out, d->bgr8, {.metadataFrom = source})) << name;
        const ReadBack m = readMetadata(out);
        EXPECT_EQ(m.artist, "Benjamin Couprie") << name;
        EXPECT_EQ(m.orientation, 1) << name;
        const std::string ext = out.extension().string();
        if (ext == ".jpg" || ext == ".png" || ext == ".tif") {
            EXPECT_EQ(m.caption, "Fifth Solvay conference") << name;
        }
        EXPECT_NE(m.title.find("Solvay 1927"), std::string::npos) << name;
        auto again = gpen::readImage(out);
        ASSERT_TRUE(again) << again.error().message;
        EXPECT_EQ(again->bgr8.size(), cv::Size(48, 80))
            << name << " must not be rotated a second time";
    }
    // Without metadataFrom nothing is copied; a source without metadata is not an error.
    ASSERT_TRUE(gpen::writeImageAtomic(dir.path() / "plain.jpg", d->bgr8));
    EXPECT_TRUE(readMetadata(dir.path() / "plain.jpg").artist.empty());
    const fs::path bare = dir.path() / "bare.png";
    ASSERT_TRUE(cv::imwrite(bare.string(), asymmetricImage()));
    EXPECT_TRUE(
        gpen::writeImageAtomic(dir.path() / "from-bare.png", d->bgr8, {.metadataFrom = bare}));
}

void writeFile(const fs::path& file, const std::vector<unsigned char>& bytes) {
    std::ofstream(file, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
}

TEST(ImageIo, BadInputIsNamedAndTheLimitIsCheckedBeforeDecoding) {
    TempModelsDir dir("image-io");
    ASSERT_TRUE(cv::imwrite((dir.path() / "wide.png").string(),
                            cv::Mat(1000, 2000, CV_8UC3, cv::Scalar(9, 9, 9))));
    auto big = gpen::readImage(dir.path() / "wide.png", {.maxPixels = 1'000'000});
    ASSERT_FALSE(big);
    EXPECT_NE(big.error().message.find("wide.png"), std::string::npos) << big.error().message;
    EXPECT_EQ(big.error().code, gpen::ErrorCode::TooLarge);
    EXPECT_NE(big.error().message.find("limit of 1 megapixels"), std::string::npos)
        << big.error().message;

    // A 1 KB PNG whose header claims 60000 x 60000 (and whose data could never be decoded): only a
    // check of the header, before any decoder runs, can name the size. Without it the decoder
    // would be tried and fail with a different error (or, with real data, take 10 GB first).
    std::vector<unsigned char> png;
    ASSERT_TRUE(cv::imencode(".png", cv::Mat(8, 8, CV_8UC3, cv::Scalar(1, 2, 3)), png));
    for (const int at : {16, 20}) {
        png[static_cast<std::size_t>(at)] = 0;
        png[static_cast<std::size_t>(at) + 1] = 0;
        png[static_cast<std::size_t>(at) + 2] = 0xEA;  // 60000 = 0xEA60, big-endian
        png[static_cast<std::size_t>(at) + 3] = 0x60;
    }
    png.resize(png.size() + 1000, 0x55);
    writeFile(dir.path() / "claims-huge.png", png);
    auto huge = gpen::readImage(dir.path() / "claims-huge.png");
    ASSERT_FALSE(huge);
    EXPECT_EQ(huge.error().code, gpen::ErrorCode::TooLarge);
    EXPECT_NE(huge.error().message.find(
                  "claims-huge.png: 60000x60000 is more than the limit of 100 megapixels"),
              std::string::npos)
        << huge.error().message;

    std::ofstream(dir.path() / "broken.jpg") << "\xff\xd8 this is not a JPEG";
    auto broken = gpen::readImage(dir.path() / "broken.jpg");
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().message.find("broken.jpg"), std::string::npos);
    std::ofstream(dir.path() / "empty.png").flush();
    auto empty = gpen::readImage(dir.path() / "empty.png");
    ASSERT_FALSE(empty);
    EXPECT_NE(empty.error().message.find("empty.png: the file is empty"), std::string::npos)
        << empty.error().message;
}

TEST(ImageIo, AFailedWriteLeavesTheExistingFileAndNoTemporary) {
    TempModelsDir dir("image-io");
    const fs::path target = dir.path() / "keep.png";
    const cv::Mat first = asymmetricImage();
    ASSERT_TRUE(gpen::writeImageAtomic(target, first));
    // An extension no encoder knows fails before anything is written.
    auto bad = gpen::writeImageAtomic(dir.path() / "keep.xyz", first);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("keep.xyz"), std::string::npos);
    // A folder that does not exist: named, nothing created.
    auto missing = gpen::writeImageAtomic(dir.path() / "no-such-dir" / "out.png", first);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("out.png"), std::string::npos);
    int files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++files;
    EXPECT_EQ(files, 1);
    EXPECT_TRUE(equal(cv::imread(target.string()), first));
}

TEST(ImageIo, OnlyTheListedFormatsAreDecoded) {
    TempModelsDir dir("image-io");
    // OpenCV decodes PPM, PFM, Sun raster, HDR ...: none of them reaches a decoder here.
    ASSERT_TRUE(cv::imwrite((dir.path() / "photo.ppm").string(), asymmetricImage()));
    auto ppm = gpen::readImage(dir.path() / "photo.ppm");
    ASSERT_FALSE(ppm);
    EXPECT_EQ(ppm.error().code, gpen::ErrorCode::NotAnImage);
    EXPECT_NE(ppm.error().message.find("photo.ppm: not a PNG, JPEG, TIFF, WebP or BMP file"),
              std::string::npos)
        << ppm.error().message;
    // The listed ones are, whatever their file name says.
    for (const std::string ext : {".png", ".jpg", ".tif", ".webp", ".bmp"}) {
        SCOPED_TRACE(ext);
        std::vector<unsigned char> bytes;
        ASSERT_TRUE(cv::imencode(ext, asymmetricImage(), bytes));
        writeFile(dir.path() / ("photo" + ext + ".bin"), bytes);
        auto d = gpen::readImage(dir.path() / ("photo" + ext + ".bin"));
        ASSERT_TRUE(d) << d.error().message;
        EXPECT_EQ(d->bgr8.size(), asymmetricImage().size());
    }
}

TEST(ImageIo, AFileThatIsAlsoDicomNeverReachesADecoder) {
    TempModelsDir dir("image-io");
    // A real TIFF with "DICM" at byte 128: OpenCV would hand it to GDCM, which aborts on bad data.
    std::vector<unsigned char> bytes;
    ASSERT_TRUE(cv::imencode(".tif", asymmetricImage(), bytes));
    ASSERT_GT(bytes.size(), 132U);
    std::memcpy(bytes.data() + 128, "DICM", 4);
    writeFile(dir.path() / "scan.tif", bytes);
    auto d = gpen::readImage(dir.path() / "scan.tif");
    ASSERT_FALSE(d);
    EXPECT_EQ(d.error().code, gpen::ErrorCode::NotAnImage);
    EXPECT_NE(d.error().message.find("scan.tif: also carries a DICOM signature at byte 128"),
              std::string::npos)
        << d.error().message;
}

TEST(ImageIo, ATiffThatGivesTwoHeightsIsRefusedBeforeDecoding) {
    TempModelsDir dir("image-io");
    // Little-endian TIFF, one IFD at byte 8: width 4, then height 4 and height 60000 (libtiff would
    // keep one, our header check the other: neither is trusted).
    std::vector<unsigned char> bytes = {'I', 'I', 42, 0, 8, 0, 0, 0, 3, 0};
    const auto entry = [&](int tag, int value) {
        const unsigned char e[12] = {static_cast<unsigned char>(tag & 0xFF),
                                     static_cast<unsigned char>(tag >> 8),
                                     3,
                                     0,
                                     1,
                                     0,
                                     0,
                                     0,
                                     static_cast<unsigned char>(value & 0xFF),
                                     static_cast<unsigned char>(value >> 8),
                                     0,
                                     0};
        bytes.insert(bytes.end(), e, e + 12);
    };
    entry(256, 4);
    entry(257, 4);
    entry(257, 60000);
    bytes.insert(bytes.end(), {0, 0, 0, 0});
    writeFile(dir.path() / "twice.tif", bytes);
    auto d = gpen::readImage(dir.path() / "twice.tif");
    ASSERT_FALSE(d);
    EXPECT_EQ(d.error().code, gpen::ErrorCode::Malformed);
    EXPECT_NE(
        d.error().message.find("twice.tif: the TIFF header gives its height twice (4 and 60000)"),
        std::string::npos)
        << d.error().message;
}

TEST(ImageIo, ACutShortJpegIsAnErrorOrALoudWarning) {
    TempModelsDir dir("image-io");
    std::vector<unsigned char> jpeg;
    ASSERT_TRUE(cv::imencode(".jpg", randomImage(256, 256, CV_8UC3, 7), jpeg));
    writeFile(dir.path() / "whole.jpg", jpeg);
    ASSERT_TRUE(gpen::readImage(dir.path() / "whole.jpg"));
    // Trailing bytes after the end-of-image marker (camera trailers, motion photos) are fine.
    auto trailer = jpeg;
    trailer.insert(trailer.end(), {0xFF, 0xDA, 0x00, 0x10, 'v', 'i', 'd', 'e', 'o'});
    writeFile(dir.path() / "trailer.jpg", trailer);
    EXPECT_TRUE(gpen::readImage(dir.path() / "trailer.jpg"));

    jpeg.resize(jpeg.size() * 6 / 10);
    writeFile(dir.path() / "cut.jpg", jpeg);
    auto cut = gpen::readImage(dir.path() / "cut.jpg");
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().code, gpen::ErrorCode::Truncated);
    EXPECT_NE(
        cut.error().message.find("cut.jpg: the JPEG data ends before its end-of-image marker"),
        std::string::npos)
        << cut.error().message;
    auto accepted = gpen::readImage(dir.path() / "cut.jpg", {.acceptIncomplete = true});
    ASSERT_TRUE(accepted) << accepted.error().message;
    ASSERT_EQ(accepted->warnings.size(), 1U);
    EXPECT_NE(accepted->warnings[0].find("cut short"), std::string::npos);
}

TEST(ImageIo, SamplesThatWouldLoseTheirRangeAreRefused) {
    TempModelsDir dir("image-io");
    cv::Mat real(16, 16, CV_32FC1, cv::Scalar(2.5));
    ASSERT_TRUE(cv::imwrite((dir.path() / "float.tif").string(), real));
    auto f = gpen::readImage(dir.path() / "float.tif");
    ASSERT_FALSE(f);
    EXPECT_EQ(f.error().code, gpen::ErrorCode::InvalidArgument);
    EXPECT_NE(f.error().message.find("float.tif: a TIFF of 32-bit floating-point samples"),
              std::string::npos)
        << f.error().message;
    // Colour floats (OpenCV stores them as LogLuv) and signed integers: refused too, never clipped.
    for (const int type : {CV_32FC3, CV_16SC1, CV_32SC1}) {
        const fs::path file = dir.path() / ("type-" + std::to_string(type) + ".tif");
        if (!cv::imwrite(file.string(), cv::Mat(8, 8, type, cv::Scalar(-3)))) continue;
        auto r = gpen::readImage(file);
        ASSERT_FALSE(r) << type;
        EXPECT_EQ(r.error().code, gpen::ErrorCode::InvalidArgument);
        EXPECT_NE(r.error().message.find("range"), std::string::npos) << r.error().message;
    }
}

TEST(ImageIo, FoldersDevicesAndPipesAreNamedForWhatTheyAre) {
    TempModelsDir dir("image-io");
    auto folder = gpen::readImage(dir.path());
    ASSERT_FALSE(folder);
    EXPECT_NE(folder.error().message.find("is a folder, not an image file"), std::string::npos)
        << folder.error().message;
    auto zero = gpen::readImage("/dev/zero");
    ASSERT_FALSE(zero);
    EXPECT_NE(zero.error().message.find("zero: is not a regular file"), std::string::npos)
        << zero.error().message;
    const fs::path fifo = dir.path() / "pipe.png";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto pipe = gpen::readImage(fifo);  // never opened: a FIFO without a writer would block
    ASSERT_FALSE(pipe);
    EXPECT_NE(pipe.error().message.find("pipe.png: is not a regular file"), std::string::npos)
        << pipe.error().message;
    auto missing = gpen::readImage(dir.path() / "missing.png");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("missing.png: no such file"), std::string::npos);
}

// libjpeg's "Corrupt JPEG data" warning, in a file that still reaches its end marker: decoded,
// with a warning in the result and the log naming the file; nothing printed by the library.
TEST(ImageIo, DamagedJpegDataIsALoudWarningAndTheLibraryPrintsNothing) {
    TempModelsDir dir("image-io");
    std::vector<unsigned char> jpeg;
    ASSERT_TRUE(cv::imencode(".jpg", randomImage(64, 96, CV_8UC3, 11), jpeg));
    writeFile(dir.path() / "whole.jpg", jpeg);
    auto damaged = jpeg;
    damaged.insert(damaged.end() - 2, 16,
                   0x00);  // stray bytes between the last scan and the EOI marker
    writeFile(dir.path() / "damaged.jpg", damaged);

    auto whole = gpen::readImage(dir.path() / "whole.jpg");
    ASSERT_TRUE(whole) << whole.error().message;
    EXPECT_TRUE(whole->warnings.empty());
    EXPECT_TRUE(
        equal(whole->bgr8, cv::imread((dir.path() / "whole.jpg").string(), cv::IMREAD_COLOR)));

    LogCapture log;
    StderrCapture err(dir.path() / "stderr.txt");
    auto d = gpen::readImage(dir.path() / "damaged.jpg");
    const std::string printed = err.text();
    ASSERT_TRUE(d) << d.error().message;
    EXPECT_EQ(printed, "");
    ASSERT_EQ(d->warnings.size(), 1U);
    EXPECT_NE(d->warnings[0].find("the JPEG data is damaged"), std::string::npos) << d->warnings[0];
    EXPECT_NE(d->warnings[0].find("extraneous bytes before marker 0xd9"), std::string::npos)
        << d->warnings[0];
    EXPECT_TRUE(log.has(gpen::LogLevel::Warning, "damaged.jpg: the JPEG data is damaged"));
    EXPECT_TRUE(equal(d->bgr8, whole->bgr8));  // the damage was only padding
}

// Formats OpenCV decodes for us (BMP here, TIFF and WebP alike): a file cut short is refused with
// our message naming it, and OpenCV's own "imread_(...): can't read data" line is not printed.
TEST(ImageIo, ACutShortBmpIsRefusedWithOurMessageAndOpenCvPrintsNothing) {
    TempModelsDir dir("image-io");
    std::vector<unsigned char> bmp;
    ASSERT_TRUE(cv::imencode(".bmp", randomImage(64, 96, CV_8UC3, 13), bmp));
    bmp.resize(bmp.size() / 2);  // the header whole, half the rows missing
    writeFile(dir.path() / "cut.bmp", bmp);

    StderrCapture err(dir.path() / "stderr.txt");
    auto d = gpen::readImage(dir.path() / "cut.bmp");
    const std::string printed = err.text();
    ASSERT_FALSE(d);
    EXPECT_NE(d.error().message.find("cut.bmp: the BMP data cannot be decoded"), std::string::npos)
        << d.error().message;
    EXPECT_EQ(printed, "");
}

// A bad CRC in a text chunk makes libpng warn and skip the chunk: the pixels are whole, the
// result carries no warning, the log's Info says what was skipped, and nothing is printed.
TEST(ImageIo, APngWithADamagedSideChunkDecodesWholeAndOnlyTheLogSaysSo) {
    TempModelsDir dir("image-io");
    const cv::Mat original = randomImage(30, 40, CV_8UC3, 12);
    std::vector<unsigned char> png;
    ASSERT_TRUE(cv::imencode(".png", original, png));
    const std::string text("Comment\0bad crc", 15);
    std::vector<unsigned char> chunk = {0,   0,   0,   static_cast<unsigned char>(text.size()),
                                        't', 'E', 'X', 't'};
    chunk.insert(chunk.end(), text.begin(), text.end());
    chunk.insert(chunk.end(), {0xDE, 0xAD, 0xBE, 0xEF});
    png.insert(png.end() - 12, chunk.begin(), chunk.end());  // before IEND
    writeFile(dir.path() / "side-chunk.png", png);

    LogCapture log;
    StderrCapture err(dir.path() / "stderr.txt");
    auto d = gpen::readImage(dir.path() / "side-chunk.png");
    const std::string printed = err.text();
    ASSERT_TRUE(d) << d.error().message;
    EXPECT_EQ(printed, "");
    EXPECT_TRUE(d->warnings.empty());
    EXPECT_TRUE(equal(d->bgr8, original));
    EXPECT_TRUE(log.has(gpen::LogLevel::Info,
                        "side-chunk.png: libpng skipped part of the file: tEXt: CRC error"));
}

// Our PNG decoder gives what OpenCV's did for every layout cv::imwrite makes, 1-bit gray included.
TEST(ImageIo, PngLayoutsDecodeAsWritten) {
    TempModelsDir dir("image-io");
    int seed = 20;
    for (const int type : {CV_8UC1, CV_8UC3, CV_8UC4, CV_16UC1, CV_16UC3, CV_16UC4}) {
        const cv::Mat original = randomImage(17, 23, type, ++seed);
        const fs::path file = dir.path() / ("layout-" + std::to_string(type) + ".png");
        ASSERT_TRUE(cv::imwrite(file.string(), original));
        auto d = gpen::readImage(file);
        ASSERT_TRUE(d) << d.error().message;
        EXPECT_TRUE(equal(gpen::toInputLayout(*d, d->bgr8), original)) << "type " << type;
        EXPECT_EQ(d->gray, original.channels() == 1) << "type " << type;
    }
    cv::Mat bilevel = randomImage(17, 23, CV_8UC1, 30);
    cv::threshold(bilevel, bilevel, 127, 255, cv::THRESH_BINARY);
    const fs::path file = dir.path() / "bilevel.png";
    ASSERT_TRUE(cv::imwrite(file.string(), bilevel, {cv::IMWRITE_PNG_BILEVEL, 1}));
    auto d = gpen::readImage(file);
    ASSERT_TRUE(d) << d.error().message;
    EXPECT_TRUE(equal(gpen::toInputLayout(*d, d->bgr8), bilevel));
    EXPECT_TRUE(equal(d->bgr8, cv::imread(file.string(), cv::IMREAD_COLOR)));
}

}  // namespace
