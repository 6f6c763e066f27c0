// SPDX-License-Identifier: Apache-2.0
// RetinaFace-R50's state-dict layout (Pytorch_Retinaface models/retinaface.py and net.py over
// torchvision's resnet50) and its inference.

#include <sstream>

#include "gpen/nn/retinaface.h"
#include "nn/conv_bn.h"
#include "nn/retinaface_layout.h"

namespace gpen {

using nn::kResnet50Blocks;

std::string RetinaFaceArchitecture::describe() const {
    std::ostringstream s;
    s << "RetinaFace ResNet-50, " << outChannel << " channels, " << anchorsPerCell << " anchors";
    return s.str();
}

std::vector<TensorSpec> retinaFaceStateDictSpec(const RetinaFaceArchitecture& arch) {
    std::vector<TensorSpec> spec;
    auto bn = [&](const std::string& p, std::int64_t c) {
        for (const char* n : {"weight", "bias", "running_mean", "running_var"}) {
            spec.push_back({p + n, {c}});
        }
        spec.push_back({p + "num_batches_tracked", {}});
    };
    auto convBn = [&](const std::string& conv, const std::string& norm, std::int64_t out,
                      std::int64_t in, std::int64_t k) {
        spec.push_back({conv + "weight", {out, in, k, k}});
        bn(norm, out);
    };
    convBn("body.conv1.", "body.bn1.", 64, 3, 7);
    std::int64_t in = 64;
    for (std::size_t l = 0; l < kResnet50Blocks.size(); ++l) {
        const std::int64_t width = std::int64_t{64} << l;
        for (int b = 0; b < kResnet50Blocks[l]; ++b) {
            const std::string p =
                "body.layer" + std::to_string(l + 1) + "." + std::to_string(b) + ".";
            convBn(p + "conv1.", p + "bn1.", width, in, 1);
            convBn(p + "conv2.", p + "bn2.", width, width, 3);
            convBn(p + "conv3.", p + "bn3.", width * 4, width, 1);
            if (b == 0) {
                convBn(p + "downsample.0.", p + "downsample.1.", width * 4, in, 1);
            }
            in = width * 4;
        }
    }
    const std::int64_t out = arch.outChannel;
    for (int i = 1; i <= 3; ++i) {
        const std::string p = "fpn.output" + std::to_string(i) + ".";
        convBn(p + "0.", p + "1.", out, std::int64_t{256} << i, 1);
    }
    for (const char* m : {"fpn.merge1.", "fpn.merge2."}) {
        convBn(std::string(m) + "0.", std::string(m) + "1.", out, out, 3);
    }
    for (int i = 1; i <= 3; ++i) {
        const std::string p = "ssh" + std::to_string(i) + ".";
        convBn(p + "conv3X3.0.", p + "conv3X3.1.", out / 2, out, 3);
        convBn(p + "conv5X5_1.0.", p + "conv5X5_1.1.", out / 4, out, 3);
        convBn(p + "conv5X5_2.0.", p + "conv5X5_2.1.", out / 4, out / 4, 3);
        convBn(p + "conv7X7_2.0.", p + "conv7X7_2.1.", out / 4, out / 4, 3);
        convBn(p + "conv7x7_3.0.", p + "conv7x7_3.1.", out / 4, out / 4, 3);
    }
    for (const auto& head : nn::kRetinaFaceHeads) {
        for (int i = 0; i < 3; ++i) {
            const std::string p = std::string(head.name) + "." + std::to_string(i) + ".conv1x1.";
            const std::int64_t c = std::int64_t{arch.anchorsPerCell} * head.values;
            spec.push_back({p + "weight", {c, out, 1, 1}});
            spec.push_back({p + "bias", {c}});
        }
    }
    return spec;
}

Expected<RetinaFaceArchitecture> inferRetinaFaceArchitecture(const StateDict& dict,
                                                             const std::string& source) {
    auto shapeOf = [&](const std::string& name) -> Shape {
        const auto info = dict.info(name);
        return info ? info->shape : Shape{};
    };
    if (dict.contains("body.stage1.0.0.weight")) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         source +
                             ": RetinaFace with a MobileNet-0.25 body; only the ResNet-50 one "
                             "(RetinaFace-R50) is supported");
    }
    const Shape fpn = shapeOf("fpn.output1.0.weight");
    const Shape cls = shapeOf("ClassHead.0.conv1x1.weight");
    if (!dict.contains("body.layer4.2.conv3.weight") || fpn.size() != 4 || cls.size() != 4) {
        return makeError(ErrorCode::UnsupportedArchitecture,
                         source +
                             ": not a RetinaFace-R50 (no body.layer4.2.conv3.weight, "
                             "fpn.output1.0.weight or ClassHead.0.conv1x1.weight)");
    }
    RetinaFaceArchitecture arch;
    arch.outChannel = static_cast<int>(fpn[0]);
    arch.anchorsPerCell = static_cast<int>(cls[0] / 2);
    if (arch.outChannel % 4 != 0 || arch.anchorsPerCell < 1) {
        return makeError(
            ErrorCode::UnsupportedArchitecture,
            source + ": unsupported RetinaFace configuration (" + arch.describe() + ")");
    }
    std::vector<TensorSpec> used;
    for (auto& s : retinaFaceStateDictSpec(arch)) {
        if (!nn::isBatchCounter(s.name)) {
            used.push_back(std::move(s));
        }
    }
    if (auto ok = validateStateDict(dict, used, source); !ok) {
        return tl::unexpected(ok.error());
    }
    return arch;
}

}  // namespace gpen
