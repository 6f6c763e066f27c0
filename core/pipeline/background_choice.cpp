// Which network upscales the background: a released RRDBNet file wins over the embedded network.

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/pipeline/restore_pipeline.h"

namespace gpen {

std::string backgroundModelFor(const ModelCache& cache, int scale) {
    for (const std::string& id : {"realesrnet_x" + std::to_string(scale), embeddedUpscalerId(scale)}) {
        if (cache.status(id).state != ModelState::NotInstalled) return id;
    }
    return {};
}

}  // namespace gpen
