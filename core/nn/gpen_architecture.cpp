// SPDX-License-Identifier: Apache-2.0
// GpenArchitecture's description, alone in its file: the model catalog needs it, and gpen-studio
// links the catalog without libtorch (the rest of gpen_spec.cpp uses ATen).

#include <sstream>

#include "gpen/nn/gpen_generator.h"

namespace gpen {

std::string GpenArchitecture::describe() const {
    std::ostringstream s;
    if (isSuperResolution()) {
        s << "FullGenerator_SR " << inSize << " -> " << outSize;
    } else {
        s << "FullGenerator " << inSize;
    }
    s << ", channel_multiplier " << channelMultiplier << ", narrow " << narrow;
    if (!isConcat) {
        s << ", isconcat false";
    }
    return s.str();
}

}  // namespace gpen
