// SPDX-License-Identifier: Apache-2.0
// Shared by both formats: persistent ids, choosing the state dict, viewing tensors on storages.

#include <ATen/ATen.h>

#include "io/checkpoint_internal.h"
#include "io/state_dict_access.h"

namespace gpen::io {
namespace {

using pickle::Kind;
using pickle::Value;

// A stride-0 tensor can claim far more elements than its storage holds; materialising it must
// not let a small hostile file allocate gigabytes.
constexpr std::int64_t kMaxExpandedBytes = std::int64_t{1} << 32;

bool storageDtype(const std::string& global, at::ScalarType& dtype) {
    static const std::unordered_map<std::string, at::ScalarType> kTypes = {
        {"torch.FloatStorage", at::kFloat},       {"torch.HalfStorage", at::kHalf},
        {"torch.BFloat16Storage", at::kBFloat16}, {"torch.DoubleStorage", at::kDouble},
        {"torch.LongStorage", at::kLong},         {"torch.IntStorage", at::kInt},
        {"torch.ShortStorage", at::kShort},       {"torch.CharStorage", at::kChar},
        {"torch.ByteStorage", at::kByte},         {"torch.BoolStorage", at::kBool},
    };
    const auto it = kTypes.find(global);
    if (it == kTypes.end()) {
        return false;
    }
    dtype = it->second;
    return true;
}

bool holdsTensors(const Value& dict) {
    for (std::size_t i = 0; i < dict.dictSize(); ++i) {
        if (dict.dictValue(i)->kind == Kind::Tensor) {
            return true;
        }
    }
    return false;
}

// The value of the last entry named `key` (a later SETITEM replaces an earlier one).
const Value* lookup(const Value& dict, const std::string& key) {
    const Value* found = nullptr;
    for (std::size_t i = 0; i < dict.dictSize(); ++i) {
        if (dict.dictKey(i)->isString(key)) {
            found = dict.dictValue(i);
        }
    }
    return found;
}

std::string describeKeys(const Value& dict) {
    constexpr std::size_t kShown = 12;
    if (dict.dictSize() == 0) {
        return "it is empty";
    }
    std::string out = "it holds ";
    for (std::size_t i = 0; i < dict.dictSize() && i < kShown; ++i) {
        const Value* key = dict.dictKey(i);
        out += i == 0 ? "" : ", ";
        if (key->kind == Kind::String) {
            out.append("'").append(key->text, 0, 80).append("'");
        } else {
            out.append("a ").append(pickle::kindName(key->kind));
        }
    }
    if (dict.dictSize() > kShown) {
        out += ", ... (" + std::to_string(dict.dictSize()) + " entries)";
    }
    return out;
}

Shape intsOf(const Value& tuple) {
    Shape out;
    out.reserve(tuple.items.size());
    for (const Value* v : tuple.items) {
        out.push_back(v->integer);
    }
    return out;
}

}  // namespace

Expected<StorageRef> parseStorageId(const Value& persistentId) {
    const auto bad = [](const std::string& why) {
        return makeError(ErrorCode::Malformed, "bad storage reference: " + why);
    };
    if (persistentId.kind != Kind::PersistentId || persistentId.items.size() != 1) {
        return bad("not a persistent id");
    }
    const Value& id = *persistentId.items[0];
    if (id.kind != Kind::Tuple || (id.items.size() != 5 && id.items.size() != 6) ||
        !id.items[0]->isString("storage")) {
        return bad("expected ('storage', type, key, location, numel)");
    }
    StorageRef ref;
    const Value& type = *id.items[1];
    if (type.kind != Kind::Global || !storageDtype(type.text, ref.dtype)) {
        return bad(std::string("storage type is a ") + pickle::kindName(type.kind));
    }
    if (id.items[2]->kind != Kind::String || id.items[3]->kind != Kind::String) {
        return bad("key and location must be strings");
    }
    ref.key = id.items[2]->text;
    if (id.items[4]->kind != Kind::Int || id.items[4]->integer < 0) {
        return bad("storage '" + ref.key + "' has no valid element count");
    }
    ref.numel = id.items[4]->integer;
    if (id.items.size() == 6 && id.items[5]->kind != Kind::None) {
        // Legacy view_metadata: (view_key, offset, size) into the root storage.
        const Value& view = *id.items[5];
        if (view.kind != Kind::Tuple || view.items.size() != 3 ||
            view.items[1]->kind != Kind::Int || view.items[2]->kind != Kind::Int ||
            view.items[1]->integer < 0 || view.items[2]->integer < 0) {
            return bad("storage '" + ref.key + "' has malformed view metadata");
        }
        ref.isView = true;
        ref.viewOffset = view.items[1]->integer;
        ref.viewSize = view.items[2]->integer;
    }
    return ref;
}

Expected<Selection> selectTensors(const Value& root, const CheckpointReadParams& params) {
    if (root.kind != Kind::Dict) {
        return makeError(ErrorCode::Malformed, std::string("the checkpoint holds a ") +
                                                   pickle::kindName(root.kind) +
                                                   ", not a dict of tensors");
    }
    Selection selection;
    const Value* chosen = nullptr;
    if (!params.nestedKey.empty()) {
        chosen = lookup(root, params.nestedKey);
        if (!chosen) {
            return makeError(ErrorCode::Malformed, "no entry '" + params.nestedKey +
                                                       "' in the checkpoint (" +
                                                       describeKeys(root) + ")");
        }
        if (chosen->kind != Kind::Dict || !holdsTensors(*chosen)) {
            return makeError(ErrorCode::Malformed, "entry '" + params.nestedKey + "' is a " +
                                                       pickle::kindName(chosen->kind) +
                                                       " without tensors, not a state dict");
        }
        selection.nestedKey = params.nestedKey;
    } else if (holdsTensors(root)) {
        chosen = &root;
    } else {
        for (const auto& key : kDefaultNestedKeys) {
            const Value* candidate = lookup(root, key);
            if (candidate && candidate->kind == Kind::Dict && holdsTensors(*candidate)) {
                chosen = candidate;
                selection.nestedKey = key;
                break;
            }
        }
        if (!chosen) {
            return makeError(ErrorCode::Malformed,
                             "no tensors found at the top level or in a "
                             "nested state dict (" +
                                 describeKeys(root) + ")");
        }
    }

    static const std::string kModulePrefix = "module.";
    for (std::size_t i = 0; i < chosen->dictSize(); ++i) {
        const Value* key = chosen->dictKey(i);
        const Value* value = chosen->dictValue(i);
        // Counters, nested optimizer state and the like are not weights: skip them.
        if (value->kind != Kind::Tensor || key->kind != Kind::String) {
            continue;
        }
        std::string name = key->text;
        if (params.stripModulePrefix && name.starts_with(kModulePrefix)) {
            name.erase(0, kModulePrefix.size());
        }
        auto storage = parseStorageId(*value->items[0]);
        if (!storage) {
            return makeError(storage.error().code,
                             "tensor " + key->text + ": " + storage.error().message);
        }
        selection.tensors.push_back({std::move(name), value, std::move(*storage)});
    }
    return selection;
}

std::uint64_t materialisationBudget(std::uint64_t fileSize) {
    return 4 * fileSize + (std::uint64_t{64} << 20);
}

Expected<StateDict> assembleStateDict(const Selection& selection, const StorageMap& storages,
                                      std::uint64_t budgetBytes) {
    StateDict dict;
    std::uint64_t materialised = 0;
    for (const auto& entry : selection.tensors) {
        const auto malformed = [&](const std::string& why) {
            return makeError(ErrorCode::Malformed, "tensor " + entry.name + ": " + why);
        };
        const auto it = storages.find(entry.storage.key);
        if (it == storages.end()) {
            return malformed("storage '" + entry.storage.key + "' was not loaded");
        }
        at::Tensor base = it->second;
        if (base.scalar_type() != entry.storage.dtype) {
            return malformed("storage '" + entry.storage.key +
                             "' is used with two different dtypes");
        }
        if (entry.storage.isView) {
            if (entry.storage.viewOffset > base.numel() ||
                entry.storage.viewSize > base.numel() - entry.storage.viewOffset) {
                return malformed("storage view reaches past its root storage '" +
                                 entry.storage.key + "'");
            }
            base = base.narrow(0, entry.storage.viewOffset, entry.storage.viewSize);
        }
        const Shape sizes = intsOf(*entry.tensor->items[1]);
        const Shape strides = intsOf(*entry.tensor->items[2]);
        const std::int64_t offset = entry.tensor->integer;

        // Elements viewed and the last storage element reached, overflow-checked.
        std::int64_t numel = 1;
        std::int64_t last = offset;
        bool overflow = false;
        for (std::size_t d = 0; d < sizes.size(); ++d) {
            std::int64_t reach = 0;
            overflow = overflow || __builtin_mul_overflow(numel, sizes[d], &numel);
            if (sizes[d] > 0) {
                overflow = overflow || __builtin_mul_overflow(sizes[d] - 1, strides[d], &reach) ||
                           __builtin_add_overflow(last, reach, &last);
            }
        }
        if (overflow) {
            return malformed("size " + shapeToString(sizes) + " overflows");
        }
        at::Tensor tensor;
        if (numel == 0) {
            tensor = at::empty(sizes, at::TensorOptions().dtype(entry.storage.dtype));
        } else {
            if (last >= base.numel()) {
                return malformed("size " + shapeToString(sizes) + ", stride " +
                                 shapeToString(strides) + " and offset " + std::to_string(offset) +
                                 " reach element " + std::to_string(last) + " of storage '" +
                                 entry.storage.key + "', which holds " +
                                 std::to_string(base.numel()));
            }
            if (numel > base.numel() &&
                numel > kMaxExpandedBytes / static_cast<std::int64_t>(base.element_size())) {
                return malformed("an expanded view of " + std::to_string(numel) +
                                 " elements is too large");
            }
            // Every entry ends up contiguous (and floating ones float32): count what that costs
            // against the file's budget before a byte of it is allocated.
            const std::uint64_t elementBytes =
                at::isFloatingType(entry.storage.dtype) ? 4 : base.element_size();
            std::uint64_t bytes = 0;
            if (__builtin_mul_overflow(static_cast<std::uint64_t>(numel), elementBytes, &bytes) ||
                __builtin_add_overflow(materialised, bytes, &materialised) ||
                materialised > budgetBytes) {
                return malformed("size " + shapeToString(sizes) + ", stride " +
                                 shapeToString(strides) +
                                 " would take the tensors read so far past " +
                                 std::to_string(budgetBytes >> 20) +
                                 " MiB, more than a file of this size can hold");
            }
            tensor = base.as_strided(sizes, strides, base.storage_offset() + offset);
        }
        putTensor(dict, entry.name, std::move(tensor));
    }
    return dict;
}

}  // namespace gpen::io
