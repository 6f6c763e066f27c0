// SPDX-License-Identifier: Apache-2.0
#include "gpen/engine/model_loader_registry.h"

#include "gpen/engine/gpen_face_model.h"

namespace gpen {

ModelLoaderRegistry ModelLoaderRegistry::withBuiltIns() {
    ModelLoaderRegistry r;
    r.add(ModelKind::GpenFace, gpenFaceLoaderSpec());
    return r;
}

void ModelLoaderRegistry::add(ModelKind kind, ModelLoaderSpec spec) {
    m_specs[kind] = std::move(spec);
}

const ModelLoaderSpec* ModelLoaderRegistry::find(ModelKind kind) const {
    const auto it = m_specs.find(kind);
    return it == m_specs.end() ? nullptr : &it->second;
}

}  // namespace gpen
