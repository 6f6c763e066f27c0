// SPDX-License-Identifier: Apache-2.0
#include "io/pickle_reader.h"

#include <bit>
#include <cstring>
#include <new>

#include "io/pickle_unpickler.h"

namespace gpen::io::pickle {
namespace {

constexpr std::size_t kMaxGlobalNameLength = 256;

}  // namespace

[[noreturn]] void fail(ErrorCode code, std::string message) {
    throw Failure{Error{code, std::move(message)}};
}

std::string opcodeName(unsigned char op) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "0x";
    out += kHex[op >> 4];
    out += kHex[op & 0xf];
    if (op >= 0x20 && op < 0x7f) {
        out += std::string(" '") + static_cast<char>(op) + "'";
    }
    return out;
}

PickleTree Unpickler::run() {
    while (!m_stopped) {
        m_opPos = m_in.position();
        m_op = u8();
        step(m_op);
    }
    return std::move(m_tree);
}

const char* Unpickler::take(std::size_t n) {
    const char* p = m_in.take(n);
    if (!p) {
        if (m_in.ioFailed()) {
            fail(ErrorCode::Io,
                 "read error at byte " + std::to_string(m_in.position()) + " (in " + m_what + ")");
        }
        fail(ErrorCode::Truncated, "truncated at byte " + std::to_string(m_in.size()) + " (" +
                                       m_what + " is cut short" + at() + ")");
    }
    return p;
}

std::uint64_t Unpickler::littleEndian(std::size_t n) {
    const auto* p = reinterpret_cast<const unsigned char*>(take(n));
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) {
        v |= std::uint64_t{p[i]} << (8 * i);
    }
    return v;
}

std::string Unpickler::bytes(std::uint64_t n) {
    if (n > m_limits.maxStringBytes) {
        fail(ErrorCode::Malformed,
             "a string of " + std::to_string(n) + " bytes" + at() + " exceeds the limit");
    }
    const auto size = static_cast<std::size_t>(n);
    return std::string(take(size), size);
}

std::string Unpickler::line() {
    std::string out;
    for (;;) {
        const char c = *take(1);
        if (c == '\n') {
            return out;
        }
        if (out.size() >= kMaxGlobalNameLength) {
            fail(ErrorCode::Malformed, "overlong GLOBAL name" + at());
        }
        out += c;
    }
}

void Unpickler::push(Value* v) {
    if (m_stack.size() >= m_limits.maxStack) {
        fail(ErrorCode::Malformed,
             "pickle stack deeper than " + std::to_string(m_limits.maxStack) + at());
    }
    m_stack.push_back(v);
}

Value* Unpickler::pop() {
    if (m_stack.size() <= floor()) {
        fail(ErrorCode::Malformed, "pickle stack underflow at opcode " + opcodeName(m_op) + at());
    }
    Value* v = m_stack.back();
    m_stack.pop_back();
    return v;
}

Value* Unpickler::top() {
    if (m_stack.size() <= floor()) {
        fail(ErrorCode::Malformed, "pickle stack underflow at opcode " + opcodeName(m_op) + at());
    }
    return m_stack.back();
}

std::vector<Value*> Unpickler::popToMark() {
    if (m_marks.empty()) {
        fail(ErrorCode::Malformed, "opcode " + opcodeName(m_op) + " without a MARK" + at());
    }
    const std::size_t mark = m_marks.back();
    m_marks.pop_back();
    std::vector<Value*> items(m_stack.begin() + static_cast<std::ptrdiff_t>(mark), m_stack.end());
    m_stack.resize(mark);
    return items;
}

void Unpickler::memoPut(std::uint64_t index) {
    if (m_memo.size() >= m_limits.maxMemo && !m_memo.contains(index)) {
        fail(ErrorCode::Malformed,
             "pickle memo larger than " + std::to_string(m_limits.maxMemo) + at());
    }
    m_memo[index] = top();
}

void Unpickler::memoGet(std::uint64_t index) {
    const auto it = m_memo.find(index);
    if (it == m_memo.end()) {
        fail(ErrorCode::Malformed,
             "pickle memo entry " + std::to_string(index) + " is undefined" + at());
    }
    push(it->second);
}

void Unpickler::step(unsigned char op) {
    switch (op) {
        case 0x80: {  // PROTO
            const unsigned version = u8();
            if (version > 5) {
                fail(ErrorCode::Malformed,
                     "pickle protocol " + std::to_string(version) + " is not supported" + at());
            }
            break;
        }
        case 0x95:
            littleEndian(8);
            break;  // FRAME: a buffering hint only
        case '.':   // STOP
            m_tree.root = pop();
            m_stopped = true;
            break;
        case '(':  // MARK
            if (m_marks.size() >= m_limits.maxMarks) {
                fail(ErrorCode::Malformed,
                     "pickle MARKs nested deeper than " + std::to_string(m_limits.maxMarks) + at());
            }
            m_marks.push_back(m_stack.size());
            break;
        case '}':
            push(make(Kind::Dict));
            break;
        case ']':
            push(make(Kind::List));
            break;
        case ')':
            push(make(Kind::Tuple));
            break;
        case 'l':
            push(container(Kind::List, popToMark()));
            break;
        case 'd': {
            auto items = popToMark();
            if (items.size() % 2 != 0) {
                fail(ErrorCode::Malformed, "DICT with an odd number of items" + at());
            }
            push(container(Kind::Dict, std::move(items)));
            break;
        }
        case 't':
            push(container(Kind::Tuple, popToMark()));
            break;
        case 0x85:
        case 0x86:
        case 0x87: {  // TUPLE1..3
            std::vector<Value*> items(op - 0x84u);
            for (auto it = items.rbegin(); it != items.rend(); ++it) {
                *it = pop();
            }
            push(container(Kind::Tuple, std::move(items)));
            break;
        }
        case 'X':
            pushString(Kind::String, littleEndian(4));
            break;  // BINUNICODE
        case 0x8c:
            pushString(Kind::String, u8());
            break;  // SHORT_BINUNICODE
        case 0x8d:
            pushString(Kind::String, littleEndian(8));
            break;  // BINUNICODE8
        case 'U':
            pushString(Kind::String, u8());
            break;   // SHORT_BINSTRING
        case 'T': {  // BINSTRING
            const auto n = static_cast<std::int32_t>(littleEndian(4));
            if (n < 0) {
                fail(ErrorCode::Malformed, "BINSTRING with a negative length" + at());
            }
            pushString(Kind::String, static_cast<std::uint64_t>(n));
            break;
        }
        case 'C':
            pushString(Kind::Bytes, u8());
            break;  // SHORT_BINBYTES
        case 'B':
            pushString(Kind::Bytes, littleEndian(4));
            break;  // BINBYTES
        case 0x8e:  // BINBYTES8
        case 0x96:
            pushString(Kind::Bytes, littleEndian(8));
            break;   // BYTEARRAY8
        case 'J': {  // BININT
            Value* v = make(Kind::Int);
            v->integer = static_cast<std::int32_t>(littleEndian(4));
            push(v);
            break;
        }
        case 'K':
        case 'M': {  // BININT1, BININT2
            Value* v = make(Kind::Int);
            v->integer = static_cast<std::int64_t>(littleEndian(op == 'K' ? 1 : 2));
            push(v);
            break;
        }
        case 0x8a:
            pushLong(u8());
            break;    // LONG1
        case 0x8b: {  // LONG4
            const auto n = static_cast<std::int32_t>(littleEndian(4));
            if (n < 0) {
                fail(ErrorCode::Malformed, "LONG4 with a negative length" + at());
            }
            pushLong(static_cast<std::uint64_t>(n));
            break;
        }
        case 'G': {  // BINFLOAT, big-endian
            const auto* p = reinterpret_cast<const unsigned char*>(take(8));
            std::uint64_t bits = 0;
            for (int i = 0; i < 8; ++i) {
                bits = (bits << 8) | p[i];
            }
            Value* v = make(Kind::Float);
            v->real = std::bit_cast<double>(bits);
            push(v);
            break;
        }
        case 0x88:
        case 0x89: {  // NEWTRUE, NEWFALSE
            Value* v = make(Kind::Bool);
            v->integer = op == 0x88 ? 1 : 0;
            push(v);
            break;
        }
        case 'N':
            push(make(Kind::None));
            break;
        case 'c': {  // GLOBAL
            const std::string module = line();
            const std::string name = line();
            global(module, name);
            break;
        }
        case 0x93: {  // STACK_GLOBAL
            const Value* name = pop();
            const Value* module = pop();
            if (name->kind != Kind::String || module->kind != Kind::String) {
                fail(ErrorCode::Malformed, "STACK_GLOBAL without two strings" + at());
            }
            global(module->text, name->text);
            break;
        }
        case 'R':     // REDUCE
        case 0x81: {  // NEWOBJ: cls.__new__(cls, *args) builds the same values here
            const Value* args = pop();
            const Value* callable = pop();
            push(apply(*callable, *args));
            break;
        }
        case 0x92: {  // NEWOBJ_EX
            const Value* kwargs = pop();
            const Value* args = pop();
            const Value* callable = pop();
            if (kwargs->kind != Kind::Dict || kwargs->dictSize() != 0) {
                fail(ErrorCode::Malformed, "NEWOBJ_EX with keyword arguments" + at());
            }
            push(apply(*callable, *args));
            break;
        }
        case 'b':  // BUILD: object state (an OrderedDict's _metadata) carries no weights
            pop();
            top();
            break;
        case 's': {  // SETITEM
            Value* value = pop();
            Value* key = pop();
            Value* dict = top();
            if (dict->kind != Kind::Dict) {
                fail(ErrorCode::Malformed,
                     std::string("SETITEM on a ") + kindName(dict->kind) + at());
            }
            addItems(*dict, {key, value});
            break;
        }
        case 'u': {  // SETITEMS
            const auto items = popToMark();
            Value* dict = top();
            if (dict->kind != Kind::Dict || items.size() % 2 != 0) {
                fail(ErrorCode::Malformed, "SETITEMS needs a dict and key-value pairs" + at());
            }
            addItems(*dict, items);
            break;
        }
        case 'a': {  // APPEND
            Value* value = pop();
            Value* list = top();
            if (list->kind != Kind::List) {
                fail(ErrorCode::Malformed,
                     std::string("APPEND on a ") + kindName(list->kind) + at());
            }
            addItems(*list, {value});
            break;
        }
        case 'e': {  // APPENDS
            const auto items = popToMark();
            Value* list = top();
            if (list->kind != Kind::List) {
                fail(ErrorCode::Malformed,
                     std::string("APPENDS on a ") + kindName(list->kind) + at());
            }
            addItems(*list, items);
            break;
        }
        case 'q':
            memoPut(u8());
            break;  // BINPUT
        case 'r':
            memoPut(littleEndian(4));
            break;  // LONG_BINPUT
        case 0x94:
            memoPut(m_memo.size());
            break;  // MEMOIZE
        case 'h':
            memoGet(u8());
            break;  // BINGET
        case 'j':
            memoGet(littleEndian(4));
            break;   // LONG_BINGET
        case 'Q': {  // BINPERSID
            Value* id = pop();
            Value* v = make(Kind::PersistentId);
            v->items = {id};
            push(v);
            break;
        }
        case '0':
            pop();
            break;  // POP
        case '1':
            popToMark();
            break;  // POP_MARK
        case '2':
            push(top());
            break;  // DUP
        default:
            fail(ErrorCode::Malformed, "unsupported pickle opcode " + opcodeName(op) + at());
    }
}

Expected<PickleTree> readPickle(SourceCursor& in, const std::string& what,
                                const PickleLimits& limits) {
    try {
        return Unpickler(in, what, limits).run();
    } catch (const Failure& failure) {
        return tl::unexpected<Error>(failure.error);
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, "out of memory while reading " + what);
    }
}

}  // namespace gpen::io::pickle
