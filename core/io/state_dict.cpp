// SPDX-License-Identifier: Apache-2.0
#include "gpen/io/state_dict.h"

#include <ATen/ATen.h>

#include "io/state_dict_access.h"

namespace gpen {
namespace {

std::string dtypeName(at::ScalarType t) {
    switch (t) {
        case at::kFloat:
            return "float32";
        case at::kHalf:
            return "float16";
        case at::kBFloat16:
            return "bfloat16";
        case at::kDouble:
            return "float64";
        case at::kLong:
            return "int64";
        case at::kInt:
            return "int32";
        case at::kShort:
            return "int16";
        case at::kChar:
            return "int8";
        case at::kByte:
            return "uint8";
        case at::kBool:
            return "bool";
        default:
            return c10::toString(t);
    }
}

Shape shapeOf(const at::Tensor& t) {
    return Shape(t.sizes().begin(), t.sizes().end());
}

}  // namespace

const StateDict::Impl::Entry* StateDict::Impl::find(const std::string& name) const {
    const auto it = index.find(name);
    return it == index.end() ? nullptr : &entries[it->second];
}

void StateDict::Impl::put(std::string name, at::Tensor tensor, std::string storedDtype) {
    if (const auto it = index.find(name); it != index.end()) {
        entries[it->second].tensor = std::move(tensor);
        entries[it->second].storedDtype = std::move(storedDtype);
        return;
    }
    index.emplace(name, entries.size());
    entries.push_back({std::move(name), std::move(tensor), std::move(storedDtype)});
}

at::Tensor findTensor(const StateDict& dict, const std::string& name) {
    const auto* e = StateDictAccess::impl(dict).find(name);
    return e ? e->tensor : at::Tensor();
}

void putTensor(StateDict& dict, std::string name, at::Tensor tensor) {
    std::string stored = dtypeName(tensor.scalar_type());
    if (at::isFloatingType(tensor.scalar_type()) && tensor.scalar_type() != at::kFloat) {
        tensor = tensor.to(at::kFloat);
    }
    if (!tensor.is_contiguous()) {
        tensor = tensor.contiguous();
    }
    StateDictAccess::impl(dict).put(std::move(name), std::move(tensor), std::move(stored));
}

StateDict::StateDict() : m_impl(std::make_unique<Impl>()) {}
StateDict::~StateDict() = default;
StateDict::StateDict(const StateDict& other) : m_impl(std::make_unique<Impl>(*other.m_impl)) {}
StateDict& StateDict::operator=(const StateDict& other) {
    if (this != &other) {
        m_impl = std::make_unique<Impl>(*other.m_impl);
    }
    return *this;
}
StateDict::StateDict(StateDict&&) noexcept = default;
StateDict& StateDict::operator=(StateDict&&) noexcept = default;

std::size_t StateDict::size() const {
    return m_impl->entries.size();
}

bool StateDict::contains(const std::string& name) const {
    return m_impl->find(name) != nullptr;
}

std::vector<std::string> StateDict::names() const {
    std::vector<std::string> out;
    out.reserve(m_impl->entries.size());
    for (const auto& e : m_impl->entries) {
        out.push_back(e.name);
    }
    return out;
}

std::optional<TensorInfo> StateDict::info(const std::string& name) const {
    const auto* e = m_impl->find(name);
    if (!e) {
        return std::nullopt;
    }
    return TensorInfo{e->name, shapeOf(e->tensor), e->storedDtype};
}

std::vector<TensorInfo> StateDict::infos() const {
    std::vector<TensorInfo> out;
    out.reserve(m_impl->entries.size());
    for (const auto& e : m_impl->entries) {
        out.push_back({e.name, shapeOf(e.tensor), e.storedDtype});
    }
    return out;
}

std::uint64_t StateDict::parameterCount() const {
    std::uint64_t n = 0;
    for (const auto& e : m_impl->entries) {
        if (at::isFloatingType(e.tensor.scalar_type())) {
            n += static_cast<std::uint64_t>(e.tensor.numel());
        }
    }
    return n;
}

std::uint64_t StateDict::byteSize() const {
    std::uint64_t n = 0;
    for (const auto& e : m_impl->entries) {
        n += static_cast<std::uint64_t>(e.tensor.numel()) * e.tensor.element_size();
    }
    return n;
}

std::optional<FloatTensor> StateDict::tensor(const std::string& name) const {
    const auto* e = m_impl->find(name);
    if (!e || e->tensor.scalar_type() != at::kFloat || e->tensor.is_meta()) {
        return std::nullopt;
    }
    const at::Tensor t = e->tensor.contiguous();
    FloatTensor out(shapeOf(t));
    std::copy_n(t.data_ptr<float>(), out.data.size(), out.data.begin());
    return out;
}

void StateDict::insert(const std::string& name, FloatTensor tensor) {
    auto holder = std::make_shared<std::vector<float>>(std::move(tensor.data));
    at::Tensor t = at::from_blob(
        holder->data(), tensor.shape, [holder](void*) mutable { holder.reset(); },
        at::TensorOptions().dtype(at::kFloat));
    m_impl->put(name, std::move(t), "float32");
}

void StateDict::insertInt64(const std::string& name, Shape shape,
                            std::vector<std::int64_t> values) {
    at::Tensor t = at::tensor(values, at::TensorOptions().dtype(at::kLong)).reshape(shape);
    m_impl->put(name, std::move(t), "int64");
}

}  // namespace gpen
