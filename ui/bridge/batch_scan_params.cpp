// SPDX-License-Identifier: Apache-2.0
#include "ui/bridge/batch_scan_params.h"

namespace gpen::ui {
namespace {

std::vector<std::string> toStrings(const QStringList& list) {
    std::vector<std::string> out;
    for (const QString& s : list) {
        if (!s.trimmed().isEmpty()) out.push_back(s.trimmed().toStdString());
    }
    return out;
}

}  // namespace

BatchScanParams batchScanParamsOf(const BatchRequest& request) {
    BatchScanParams p;
    p.recursive = request.recursive;
    p.include = toStrings(request.include);
    p.exclude = toStrings(request.exclude);
    return p;
}

}  // namespace gpen::ui
