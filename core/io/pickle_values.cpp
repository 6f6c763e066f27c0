// SPDX-License-Identifier: Apache-2.0
// The values the unpickler builds: allocation against the limits, strings and integers, and the
// allow-list of globals with what its callables build (REDUCE never calls anything, it records
// the value the callable would have returned).

#include <array>

#include "io/pickle_reader.h"
#include "io/pickle_unpickler.h"

namespace gpen::io::pickle {
namespace {

// The only globals a torch.save'd state dict needs. Everything else (os.system, builtins.eval,
// numpy reconstructors, arbitrary classes) is refused before anything else happens.
constexpr std::array<std::string_view, 15> kAllowedGlobals = {
    "collections.OrderedDict",
    "torch._utils._rebuild_tensor",
    "torch._utils._rebuild_tensor_v2",
    "torch._utils._rebuild_parameter",
    "torch._utils._rebuild_parameter_with_state",
    "torch.FloatStorage",
    "torch.HalfStorage",
    "torch.BFloat16Storage",
    "torch.DoubleStorage",
    "torch.LongStorage",
    "torch.IntStorage",
    "torch.ShortStorage",
    "torch.CharStorage",
    "torch.ByteStorage",
    "torch.BoolStorage",
};

constexpr std::size_t kMaxTensorDims = 64;

}  // namespace

// Names from a hostile file go into messages: keep them printable and short.
std::string printable(std::string_view s) {
    std::string out;
    for (char c : s.substr(0, 120)) {
        out += (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    if (s.size() > 120) {
        out += "...";
    }
    return out;
}

Value* Unpickler::make(Kind kind) {
    if (m_tree.values.size() >= m_limits.maxValues) {
        fail(ErrorCode::Malformed,
             "more than " + std::to_string(m_limits.maxValues) + " pickle values" + at());
    }
    m_tree.values.push_back(std::make_unique<Value>());
    m_tree.values.back()->kind = kind;
    return m_tree.values.back().get();
}

void Unpickler::addItems(Value& target, const std::vector<Value*>& items) {
    m_containerItems += items.size();
    if (m_containerItems > m_limits.maxContainerItems) {
        fail(ErrorCode::Malformed,
             "more than " + std::to_string(m_limits.maxContainerItems) + " container items" + at());
    }
    target.items.insert(target.items.end(), items.begin(), items.end());
}

Value* Unpickler::container(Kind kind, std::vector<Value*> items) {
    Value* v = make(kind);
    addItems(*v, items);
    return v;
}

void Unpickler::pushString(Kind kind, std::uint64_t length) {
    Value* v = make(kind);
    v->text = bytes(length);
    push(v);
}

void Unpickler::pushLong(std::uint64_t length) {
    const std::string raw = bytes(length);
    Value* v = make(Kind::Int);
    if (raw.empty()) {
        push(v);
        return;
    }
    const bool negative = (static_cast<unsigned char>(raw.back()) & 0x80) != 0;
    const char extension = negative ? '\xff' : '\0';
    bool fits = raw.size() <= 8 || raw.find_first_not_of(extension, 8) == std::string::npos;
    if (fits && raw.size() >= 8) {
        // Byte 7 carries the int64 sign; it must agree with the value's sign.
        fits = ((static_cast<unsigned char>(raw[7]) & 0x80) != 0) == negative;
    }
    if (!fits) {
        v->kind = Kind::BigInt;
        v->text = raw;
        push(v);
        return;
    }
    std::uint64_t bits = negative ? ~std::uint64_t{0} : 0;
    for (std::size_t i = 0; i < std::min<std::size_t>(raw.size(), 8); ++i) {
        bits &= ~(std::uint64_t{0xff} << (8 * i));
        bits |= std::uint64_t{static_cast<unsigned char>(raw[i])} << (8 * i);
    }
    v->integer = static_cast<std::int64_t>(bits);
    push(v);
}

void Unpickler::global(const std::string& module, const std::string& name) {
    const std::string full = module + "." + name;
    if (!isAllowedGlobal(full)) {
        fail(ErrorCode::UnsupportedGlobal, "unsupported global " + printable(full) +
                                               " (only state-dict contents are allowed)" + at());
    }
    Value* v = make(Kind::Global);
    v->text = full;
    push(v);
}

Value* Unpickler::rebuildTensor(const Value& args, const std::string& name) {
    if (args.items.size() < 4) {
        fail(ErrorCode::Malformed,
             name + " with " + std::to_string(args.items.size()) + " arguments" + at());
    }
    Value* storage = args.items[0];
    const Value* offset = args.items[1];
    Value* size = args.items[2];
    Value* stride = args.items[3];
    if (storage->kind != Kind::PersistentId) {
        fail(ErrorCode::Malformed,
             name + " on a " + kindName(storage->kind) + ", not a storage" + at());
    }
    if (offset->kind != Kind::Int || offset->integer < 0) {
        fail(ErrorCode::Malformed, name + " with a bad storage offset" + at());
    }
    if (size->kind != Kind::Tuple || stride->kind != Kind::Tuple ||
        size->items.size() != stride->items.size() || size->items.size() > kMaxTensorDims) {
        fail(ErrorCode::Malformed, name + " with inconsistent size and stride" + at());
    }
    for (std::size_t i = 0; i < size->items.size(); ++i) {
        if (size->items[i]->kind != Kind::Int || size->items[i]->integer < 0 ||
            stride->items[i]->kind != Kind::Int || stride->items[i]->integer < 0) {
            fail(ErrorCode::Malformed,
                 name + " with a negative or non-integer size or stride" + at());
        }
    }
    Value* tensor = make(Kind::Tensor);
    tensor->integer = offset->integer;
    tensor->items = {storage, size, stride};
    return tensor;
}

Value* Unpickler::apply(const Value& callable, const Value& args) {
    if (callable.kind != Kind::Global) {
        fail(ErrorCode::Malformed, std::string("call of a ") + kindName(callable.kind) + at());
    }
    if (args.kind != Kind::Tuple) {
        fail(ErrorCode::Malformed, callable.text + " called with a " + kindName(args.kind) + at());
    }
    const std::string& name = callable.text;
    if (name == "collections.OrderedDict") {
        if (!args.items.empty()) {
            fail(ErrorCode::Malformed, "collections.OrderedDict called with arguments" + at());
        }
        return make(Kind::Dict);
    }
    if (name == "torch._utils._rebuild_tensor_v2" || name == "torch._utils._rebuild_tensor") {
        return rebuildTensor(args, name);
    }
    if (name == "torch._utils._rebuild_parameter" ||
        name == "torch._utils._rebuild_parameter_with_state") {
        // A Parameter is its data tensor as far as weights go; requires_grad and hooks are moot.
        if (args.items.empty() || args.items[0]->kind != Kind::Tensor) {
            fail(ErrorCode::Malformed, name + " without a tensor" + at());
        }
        return args.items[0];
    }
    fail(ErrorCode::Malformed, name + " cannot be called" + at());
}

const char* kindName(Kind kind) {
    switch (kind) {
        case Kind::None:
            return "None";
        case Kind::Bool:
            return "bool";
        case Kind::Int:
            return "int";
        case Kind::BigInt:
            return "int";
        case Kind::Float:
            return "float";
        case Kind::String:
            return "str";
        case Kind::Bytes:
            return "bytes";
        case Kind::Tuple:
            return "tuple";
        case Kind::List:
            return "list";
        case Kind::Dict:
            return "dict";
        case Kind::Global:
            return "global";
        case Kind::PersistentId:
            return "storage";
        case Kind::Tensor:
            return "tensor";
    }
    return "value";
}

bool isAllowedGlobal(const std::string& name) {
    for (const auto allowed : kAllowedGlobals) {
        if (name == allowed) {
            return true;
        }
    }
    return false;
}

}  // namespace gpen::io::pickle
