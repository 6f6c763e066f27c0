// SPDX-License-Identifier: Apache-2.0
// The legacy format of torch.save (before PyTorch 1.6, or _use_new_zipfile_serialization=False):
// a sequence of pickles (magic number, protocol version, sys_info, the object tree, the list of
// storage keys) followed, for each key in that order, by an int64 element count and the raw
// little-endian storage bytes.

#include <algorithm>
#include <unordered_set>

#include <ATen/ATen.h>

#include "io/checkpoint_internal.h"

namespace gpen::io {
namespace {

using pickle::Kind;
using pickle::Value;

// 0x1950a86a20f9469cfc6c as pickle LONG1 bytes (little-endian two's complement).
const std::string kMagic("\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 10);
constexpr std::int64_t kProtocolVersion = 1001;

std::string at(std::uint64_t pos) {
    return " at byte " + std::to_string(pos);
}

Expected<Checkpoint> fail(ErrorCode code, std::string message) {
    return makeError(code, std::move(message));
}

Expected<Checkpoint> forward(const Error& error) {
    return tl::unexpected<Error>(error);
}

Expected<Checkpoint> finish(Selection& selection, const StorageMap& storages,
                            std::uint64_t fileSize) {
    auto dict = assembleStateDict(selection, storages, materialisationBudget(fileSize));
    if (!dict) {
        return forward(dict.error());
    }
    Checkpoint out;
    out.format = CheckpointFormat::Legacy;
    out.nestedKey = std::move(selection.nestedKey);
    out.tensors = std::move(*dict);
    out.fileSize = fileSize;
    return out;
}

}  // namespace

Expected<Checkpoint> readLegacyCheckpoint(const ByteSource& source,
                                          const CheckpointReadParams& params) {
    SourceCursor cursor(source);
    // The five pickles share one budget of values: a file cannot take five times the limit.
    pickle::PickleLimits limits;
    const auto readNext = [&](const std::string& what) {
        auto tree = pickle::readPickle(cursor, what, limits);
        if (tree) {
            limits.maxValues -= std::min(limits.maxValues, tree->values.size());
        }
        return tree;
    };

    auto magic = readNext("the first pickle");
    if (!magic) {
        // A pickle that is not torch's: say so, unless the file was cut short or it names a
        // forbidden global (which is worth reporting as such).
        if (magic.error().code == ErrorCode::Malformed) {
            return fail(ErrorCode::NotACheckpoint,
                        "not a PyTorch checkpoint (" + magic.error().message + ")");
        }
        return forward(magic.error());
    }
    if (magic->root->kind != Kind::BigInt || magic->root->text != kMagic) {
        return fail(ErrorCode::NotACheckpoint,
                    "not a PyTorch checkpoint (a pickle without torch.save's magic number)");
    }

    auto protocol = readNext("the protocol version");
    if (!protocol) {
        return forward(protocol.error());
    }
    if (protocol->root->kind != Kind::Int || protocol->root->integer != kProtocolVersion) {
        return fail(ErrorCode::Malformed, "unsupported legacy protocol version (expected 1001)");
    }

    auto sysInfo = readNext("sys_info");
    if (!sysInfo) {
        return forward(sysInfo.error());
    }
    if (sysInfo->root->kind == Kind::Dict) {
        for (std::size_t i = 0; i < sysInfo->root->dictSize(); ++i) {
            const Value* value = sysInfo->root->dictValue(i);
            if (sysInfo->root->dictKey(i)->isString("little_endian") && value->kind == Kind::Bool &&
                value->integer == 0) {
                return fail(ErrorCode::Malformed,
                            "written on a big-endian machine, which is not supported");
            }
        }
    }

    auto tree = readNext("the main pickle");
    if (!tree) {
        return forward(tree.error());
    }
    auto selection = selectTensors(*tree->root, params);
    if (!selection) {
        return forward(selection.error());
    }
    // The dtype of every storage in the tree, selected or not: the stream stores them all in
    // sequence, and skipping one needs its element size.
    std::unordered_map<std::string, at::ScalarType> dtypes;
    for (const auto& value : tree->values) {
        if (value->kind == Kind::PersistentId) {
            auto ref = parseStorageId(*value);
            if (!ref) {
                return forward(ref.error());
            }
            dtypes.emplace(ref->key, ref->dtype);
        }
    }
    StorageMap storages;
    if (!params.readStorages) {
        // Names and shapes only: each storage as the size its id claims, holding no memory.
        for (const auto& entry : selection->tensors) {
            storages.emplace(
                entry.storage.key,
                at::empty({entry.storage.numel},
                          at::TensorOptions().dtype(entry.storage.dtype).device(at::kMeta)));
        }
        return finish(*selection, storages, source.size());
    }
    std::unordered_set<std::string> needed;
    for (const auto& entry : selection->tensors) {
        needed.insert(entry.storage.key);
    }

    auto keys = readNext("the storage key list");
    if (!keys) {
        return forward(keys.error());
    }
    if (keys->root->kind != Kind::List) {
        return fail(ErrorCode::Malformed,
                    "the storage key list is a " + std::string(pickle::kindName(keys->root->kind)));
    }

    for (const Value* key : keys->root->items) {
        if (key->kind != Kind::String || !dtypes.contains(key->text)) {
            return fail(ErrorCode::Malformed,
                        "the storage key list names a storage no tensor uses");
        }
        const std::string& name = key->text;
        const at::ScalarType dtype = dtypes.at(name);
        const std::uint64_t headerPos = cursor.position();
        const char* header = cursor.take(8);
        if (!header) {
            return fail(cursor.ioFailed() ? ErrorCode::Io : ErrorCode::Truncated,
                        "truncated at byte " + std::to_string(source.size()) + " (storage '" +
                            name + "': its element count is missing" + at(headerPos) + ")");
        }
        std::uint64_t count = 0;
        for (int i = 0; i < 8; ++i) {
            count |= std::uint64_t{static_cast<unsigned char>(header[i])} << (8 * i);
        }
        const auto elementSize = static_cast<std::uint64_t>(c10::elementSize(dtype));
        const std::uint64_t dataPos = cursor.position();
        if (static_cast<std::int64_t>(count) < 0 || count > cursor.remaining() / elementSize) {
            return fail(ErrorCode::Truncated,
                        "truncated at byte " + std::to_string(source.size()) + " (storage '" +
                            name + "' needs " + std::to_string(count) + " elements of " +
                            std::to_string(elementSize) + " bytes" + at(dataPos) + ")");
        }
        const std::uint64_t bytes = count * elementSize;
        if (!needed.contains(name)) {
            cursor.skip(bytes);
            continue;
        }
        // Straight into the tensor's memory: the storage is read once and never copied.
        at::Tensor storage =
            at::empty({static_cast<std::int64_t>(count)}, at::TensorOptions().dtype(dtype));
        if (bytes > 0 && !cursor.readInto(storage.data_ptr(), bytes)) {
            return fail(ErrorCode::Io, "read error in storage '" + name + "'" + at(dataPos));
        }
        storages.insert_or_assign(name, std::move(storage));
    }
    for (const auto& name : needed) {
        if (!storages.contains(name)) {
            return fail(ErrorCode::Malformed,
                        "storage '" + name + "' is used by a tensor but not stored");
        }
    }

    return finish(*selection, storages, source.size());
}

}  // namespace gpen::io
