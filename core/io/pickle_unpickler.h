// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core-internal to the unpickler (pickle_reader.cpp: input, stack and opcodes; pickle_values.cpp:
// the values built, the allow-list and what its callables build). Use io/pickle_reader.h instead.

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/pickle_reader.h"

namespace gpen::io::pickle {

// Thrown inside the unpickler only and turned into an Error by readPickle: every opcode handler
// can fail, and threading Expected through each of them would bury the logic.
struct Failure {
    Error error;
};

[[noreturn]] void fail(ErrorCode code, std::string message);

// Names from a hostile file go into messages: printable and short.
std::string printable(std::string_view s);
std::string opcodeName(unsigned char op);

class Unpickler {
  public:
    Unpickler(SourceCursor& in, const std::string& what, const PickleLimits& limits)
        : m_in(in), m_what(what), m_limits(limits) {}

    PickleTree run();

  private:
    // Input, every read bounds-checked.
    const char* take(std::size_t n);
    std::uint8_t u8() { return static_cast<std::uint8_t>(*take(1)); }
    std::uint64_t littleEndian(std::size_t n);
    std::string bytes(std::uint64_t n);
    std::string line();

    // The stack; pops never reach below the innermost MARK, as in CPython's metastack.
    std::size_t floor() const { return m_marks.empty() ? 0 : m_marks.back(); }
    Value* make(Kind kind);
    void push(Value* v);
    Value* pop();
    Value* top();
    std::vector<Value*> popToMark();
    Value* container(Kind kind, std::vector<Value*> items);
    void addItems(Value& target, const std::vector<Value*>& items);

    void step(unsigned char op);
    void pushString(Kind kind, std::uint64_t length);
    void pushLong(std::uint64_t length);
    void global(const std::string& module, const std::string& name);
    Value* apply(const Value& callable, const Value& args);
    Value* rebuildTensor(const Value& args, const std::string& name);
    void memoPut(std::uint64_t index);
    void memoGet(std::uint64_t index);

    std::string at() const { return " at byte " + std::to_string(m_opPos); }

    SourceCursor& m_in;
    const std::string& m_what;
    PickleLimits m_limits;
    PickleTree m_tree;
    std::vector<Value*> m_stack;
    std::vector<std::size_t> m_marks;
    std::unordered_map<std::uint64_t, Value*> m_memo;
    std::size_t m_containerItems = 0;
    std::uint64_t m_opPos = 0;
    unsigned char m_op = 0;
    bool m_stopped = false;
};

}  // namespace gpen::io::pickle
