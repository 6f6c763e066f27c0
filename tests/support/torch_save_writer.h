// SPDX-License-Identifier: Apache-2.0
#pragma once

// Test-only: writes the bytes torch.save would write, both formats, so that the checkpoint
// reader's tests build their inputs (odd dtypes, strides, hostile globals) without Python.
// Header-only; independent of the reader it tests.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gpen/base/float_tensor.h"

namespace gpen::test {

// Emits pickle opcodes, protocol 2, the way torch.save does.
class PickleWriter {
  public:
    PickleWriter& proto() { return raw("\x80\x02"); }
    PickleWriter& stop() { return op('.'); }
    PickleWriter& mark() { return op('('); }
    PickleWriter& tuple() { return op('t'); }
    PickleWriter& emptyTuple() { return op(')'); }
    PickleWriter& emptyDict() { return op('}'); }
    PickleWriter& emptyList() { return op(']'); }
    PickleWriter& reduce() { return op('R'); }
    PickleWriter& build() { return op('b'); }
    PickleWriter& setItem() { return op('s'); }
    PickleWriter& setItems() { return op('u'); }
    PickleWriter& appends() { return op('e'); }
    PickleWriter& persistentId() { return op('Q'); }
    PickleWriter& none() { return op('N'); }
    PickleWriter& boolean(bool v) { return raw(v ? "\x88" : "\x89"); }
    PickleWriter& global(const std::string& module, const std::string& name) {
        return op('c').raw(module).op('\n').raw(name).op('\n');
    }
    PickleWriter& str(const std::string& s) { return op('X').le(s.size(), 4).raw(s); }
    PickleWriter& integer(std::int64_t v) {
        if (v >= 0 && v < 256) {
            return op('K').le(static_cast<std::uint64_t>(v), 1);
        }
        if (v >= 0 && v < 65536) {
            return op('M').le(static_cast<std::uint64_t>(v), 2);
        }
        if (v >= INT32_MIN && v <= INT32_MAX) {
            return op('J').le(static_cast<std::uint64_t>(v), 4);
        }
        return raw("\x8a\x08").le(static_cast<std::uint64_t>(v), 8);  // LONG1
    }
    PickleWriter& ints(const Shape& values) {
        mark();
        for (const auto v : values) {
            integer(v);
        }
        return tuple();
    }
    PickleWriter& op(char c) {
        m_out += c;
        return *this;
    }
    PickleWriter& raw(const std::string& bytes) {
        m_out += bytes;
        return *this;
    }
    PickleWriter& le(std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) {
            m_out += static_cast<char>((v >> (8 * i)) & 0xff);
        }
        return *this;
    }
    const std::string& bytes() const { return m_out; }

  private:
    std::string m_out;
};

// One storage: the raw little-endian bytes of `numel` elements of `type` ("FloatStorage", ...).
struct StoredStorage {
    std::string key;
    std::string type = "FloatStorage";
    std::int64_t numel = 0;
    std::string data;
};

// One tensor viewing a storage.
struct StoredTensor {
    std::string name;
    const StoredStorage* storage = nullptr;
    Shape size;
    Shape stride;
    std::int64_t offset = 0;
};

template <class T>
std::string rawBytes(const std::vector<T>& values) {
    return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

inline StoredStorage floatStorage(const std::string& key, const std::vector<float>& values) {
    return {key, "FloatStorage", static_cast<std::int64_t>(values.size()), rawBytes(values)};
}

// Shape -> C-order strides.
inline Shape contiguousStrides(const Shape& size) {
    Shape stride(size.size(), 1);
    for (std::size_t i = size.size(); i-- > 1;) {
        stride[i - 1] = stride[i] * size[i];
    }
    return stride;
}

// Emits an OrderedDict of tensors (no PROTO, no STOP) as torch.save does; `legacy` adds the
// view_metadata slot of the pre-1.6 persistent id.
inline void writeTensorDict(PickleWriter& w, const std::vector<StoredTensor>& tensors,
                            bool legacy) {
    w.global("collections", "OrderedDict").emptyTuple().reduce().mark();
    for (const auto& t : tensors) {
        w.str(t.name).global("torch._utils", "_rebuild_tensor_v2").mark();
        w.mark()
            .str("storage")
            .global("torch", t.storage->type)
            .str(t.storage->key)
            .str("cpu")
            .integer(t.storage->numel);
        if (legacy) {
            w.none();
        }
        w.tuple().persistentId();
        w.integer(t.offset).ints(t.size).ints(t.stride).boolean(false);
        w.global("collections", "OrderedDict").emptyTuple().reduce();
        w.tuple().reduce();
    }
    w.setItems();
}

// A whole state-dict pickle (PROTO ... STOP).
inline std::string stateDictPickle(const std::vector<StoredTensor>& tensors, bool legacy) {
    PickleWriter w;
    w.proto();
    writeTensorDict(w, tensors, legacy);
    w.stop();
    return w.bytes();
}

// The legacy stream around a main pickle: magic, protocol, sys_info, main, keys, storages.
inline std::string legacyFile(const std::string& mainPickle,
                              const std::vector<const StoredStorage*>& storages) {
    std::string out;
    out += PickleWriter()
               .proto()
               .raw(std::string("\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 12))
               .stop()
               .bytes();
    out += PickleWriter().proto().integer(1001).stop().bytes();
    PickleWriter sysInfo;
    sysInfo.proto()
        .emptyDict()
        .mark()
        .str("protocol_version")
        .integer(1001)
        .str("little_endian")
        .boolean(true);
    sysInfo.str("type_sizes")
        .emptyDict()
        .mark()
        .str("short")
        .integer(2)
        .str("int")
        .integer(4)
        .str("long")
        .integer(4);
    sysInfo.setItems().setItems().stop();
    out += sysInfo.bytes();
    out += mainPickle;
    PickleWriter keys;
    keys.proto().emptyList().mark();
    for (const auto* s : storages) {
        keys.str(s->key);
    }
    out += keys.appends().stop().bytes();
    for (const auto* s : storages) {
        out += PickleWriter().le(static_cast<std::uint64_t>(s->numel), 8).bytes();
        out += s->data;
    }
    return out;
}

inline std::uint32_t crc32(const std::string& bytes) {
    std::uint32_t crc = 0xffffffffu;
    for (const char c : bytes) {
        crc ^= static_cast<unsigned char>(c);
        for (int k = 0; k < 8; ++k) {
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        }
    }
    return ~crc;
}

// A minimal stored (uncompressed) zip archive, enough for PyTorchStreamReader.
inline std::string zipArchive(const std::vector<std::pair<std::string, std::string>>& files) {
    std::string out;
    std::string directory;
    const auto le = [](std::string& s, std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) {
            s += static_cast<char>((v >> (8 * i)) & 0xff);
        }
    };
    for (const auto& [name, data] : files) {
        const std::uint64_t offset = out.size();
        const std::uint32_t crc = crc32(data);
        le(out, 0x04034b50, 4);
        le(out, 20, 2);  // version needed
        le(out, 0, 2);   // flags
        le(out, 0, 2);   // stored
        le(out, 0, 4);   // time, date
        le(out, crc, 4);
        le(out, data.size(), 4);
        le(out, data.size(), 4);
        le(out, name.size(), 2);
        le(out, 0, 2);
        out += name;
        out += data;

        le(directory, 0x02014b50, 4);
        le(directory, 20, 2);
        le(directory, 20, 2);
        le(directory, 0, 2);
        le(directory, 0, 2);
        le(directory, 0, 4);
        le(directory, crc, 4);
        le(directory, data.size(), 4);
        le(directory, data.size(), 4);
        le(directory, name.size(), 2);
        le(directory, 0, 2);  // extra
        le(directory, 0, 2);  // comment
        le(directory, 0, 2);  // disk
        le(directory, 0, 2);  // internal attributes
        le(directory, 0, 4);  // external attributes
        le(directory, offset, 4);
        directory += name;
    }
    const std::uint64_t directoryOffset = out.size();
    out += directory;
    le(out, 0x06054b50, 4);
    le(out, 0, 4);
    le(out, files.size(), 2);
    le(out, files.size(), 2);
    le(out, directory.size(), 4);
    le(out, directoryOffset, 4);
    le(out, 0, 2);
    return out;
}

// A zip checkpoint as torch.save writes it: archive/data.pkl, archive/data/<key>, archive/version.
inline std::string zipFile(const std::string& dataPkl,
                           const std::vector<const StoredStorage*>& storages) {
    std::vector<std::pair<std::string, std::string>> files = {{"archive/data.pkl", dataPkl}};
    for (const auto* s : storages) {
        files.emplace_back("archive/data/" + s->key, s->data);
    }
    files.emplace_back("archive/version", "3\n");
    return zipArchive(files);
}

}  // namespace gpen::test
