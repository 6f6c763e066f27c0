#pragma once

#include <functional>
#include <stop_token>
#include <string>

namespace gpen {

struct Progress {
    std::string stage;  // "background", "detection", "faces", ...
    int done = 0;
    int total = 0;
    std::string
        note;  // an event worth telling the user ("tile halved to 200 after running out of memory")
};

// Called on the job's thread; must return quickly.
using ProgressFn = std::function<void(const Progress&)>;

}  // namespace gpen
