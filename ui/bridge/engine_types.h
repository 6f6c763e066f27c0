// SPDX-License-Identifier: Apache-2.0
#pragma once

// Core value types that travel in queued signals between the engine thread and the GUI.

#include <QMetaType>

#include "gpen/engine/model_state.h"

Q_DECLARE_METATYPE(gpen::ModelStatus)
