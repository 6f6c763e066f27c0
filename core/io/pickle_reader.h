// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal: an allow-listed unpickler for the pickles inside torch.save files.
//
// It understands the opcodes of protocols 2-5 that torch.save emits and builds a small value
// tree. Nothing is ever imported or called: GLOBAL names outside the allow-list (the handful a
// state dict needs) are rejected at the opcode itself, and REDUCE merely records what the
// allow-listed callables would have built (an empty dict, a tensor description). Memory use is
// bounded against hostile input; values live in an arena and refer to each other by pointer, so
// reference cycles built through the memo are harmless and teardown never recurses.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gpen/base/expected.h"
#include "io/checkpoint_source.h"

namespace gpen::io::pickle {

enum class Kind {
    None,
    Bool,
    Int,     // fits in int64: `integer`
    BigInt,  // wider than int64: `text` holds the little-endian two's complement bytes
    Float,
    String,
    Bytes,
    Tuple,
    List,
    Dict,          // `items` holds key, value, key, value... in insertion order
    Global,        // an allow-listed name, `text` = "module.name"
    PersistentId,  // items[0] is the persistent id (a tuple naming a storage)
    Tensor,        // items = {persistent id, size tuple, stride tuple}; `integer` = storage offset
};

const char* kindName(Kind kind);

struct Value {
    Kind kind = Kind::None;
    std::int64_t integer = 0;  // Bool (0/1), Int, Tensor storage offset
    double real = 0;
    std::string text;
    std::vector<Value*> items;

    std::size_t dictSize() const { return items.size() / 2; }
    const Value* dictKey(std::size_t i) const { return items[2 * i]; }
    const Value* dictValue(std::size_t i) const { return items[2 * i + 1]; }
    bool isString(std::string_view s) const { return kind == Kind::String && text == s; }
};

// The result of one pickle: the root value and the arena that owns every value.
struct PickleTree {
    std::vector<std::unique_ptr<Value>> values;
    const Value* root = nullptr;
};

// Hostile-input limits. Generous for real state dicts (a network of a thousand tensors needs
// some 20k values), small enough that a crafted file cannot exhaust memory.
struct PickleLimits {
    std::size_t maxValues = std::size_t{1} << 21;
    std::size_t maxContainerItems = std::size_t{1} << 24;  // over all tuples, lists, dicts
    std::size_t maxStack = std::size_t{1} << 20;
    std::size_t maxMarks = std::size_t{1} << 16;
    std::size_t maxMemo = std::size_t{1} << 21;
    std::size_t maxStringBytes = std::size_t{64} << 20;
};

// Reads one pickle from the cursor's position up to and including its STOP opcode.
// Errors: Truncated ("truncated at byte N ..."), UnsupportedGlobal, Malformed, Io.
// `what` names the pickle in messages ("data.pkl").
Expected<PickleTree> readPickle(SourceCursor& in, const std::string& what,
                                const PickleLimits& limits = {});

// True when `name` ("module.name") is one of the globals a state dict may contain.
bool isAllowedGlobal(const std::string& name);

}  // namespace gpen::io::pickle
