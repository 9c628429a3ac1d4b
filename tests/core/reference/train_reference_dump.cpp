// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writes what tests/core/reference/train_torch_check.py compares against PyTorch: for one
// position scheme, the model configuration, the tensor layout, the initial weights, one batch,
// the loss and gradient at those weights, and the loss on the same batch after each of 20 AdamW
// steps (with clipping), all computed by core/train in double precision.
//
// Usage: train_reference_dump <scheme> <out.json>   (not a test; built on demand)
#include "core/position_schemes.h"
#include "core/train/trainer.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

using namespace rope::train;

namespace {

std::string number(double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

template <class Range> std::string list(const Range& values) {
    std::string out = "[";
    bool first = true;
    for (const auto& v : values) {
        out += (first ? "" : ",") + number(static_cast<double>(v));
        first = false;
    }
    return out + "]";
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: train_reference_dump <scheme> <out.json>\n";
        return 2;
    }
    try {
        ModelConfig c;
        c.vocab = 8;
        c.layers = 2;
        c.dModel = 32;
        c.heads = 2;
        c.mlp = true;
        c.scheme = rope::parsePositionScheme(argv[1]);
        c.maxLength = 16;
        c.t5Buckets = 8;
        c.t5MaxDistance = 12;
        c.pRopeFraction = 0.5;
        c.base = 100.0;
        const TaskParams task{Task::OffsetCopy, 8, 3};
        OptimizerParams opt;
        opt.lr = 1e-2;
        opt.weightDecay = 0.1;
        opt.clipNorm = 0.5;
        const int length = 16;
        const int batch = 4;
        const int steps = 20;
        const ReferenceTrace<double> trace =
            referenceTrace<double>(c, task, length, batch, 2026, steps, opt);
        std::string json = "{\"scheme\":\"" + std::string(argv[1]) + "\"";
        json +=
            ",\"vocab\":" + std::to_string(c.vocab) + ",\"layers\":" + std::to_string(c.layers) +
            ",\"d_model\":" + std::to_string(c.dModel) + ",\"heads\":" + std::to_string(c.heads) +
            ",\"max_length\":" + std::to_string(c.maxLength) +
            ",\"t5_buckets\":" + std::to_string(c.t5Buckets) +
            ",\"t5_max_distance\":" + std::to_string(c.t5MaxDistance) +
            ",\"p\":" + number(c.pRopeFraction) + ",\"base\":" + number(c.base) +
            ",\"length\":" + std::to_string(length) + ",\"batch\":" + std::to_string(batch) +
            ",\"lr\":" + number(opt.lr) + ",\"beta1\":" + number(opt.beta1) +
            ",\"beta2\":" + number(opt.beta2) + ",\"eps\":" + number(opt.eps) +
            ",\"weight_decay\":" + number(opt.weightDecay) + ",\"clip\":" + number(opt.clipNorm) +
            ",\"tensors\":[";
        const std::vector<ParamTensor> layout = parameterLayout(c);
        for (std::size_t i = 0; i < layout.size(); ++i) {
            const ParamTensor& t = layout[i];
            json += std::string(i > 0 ? "," : "") + "{\"name\":\"" + t.name +
                    "\",\"offset\":" + std::to_string(t.offset) + ",\"shape\":[" +
                    std::to_string(t.rows) + (t.vector ? "" : "," + std::to_string(t.cols)) +
                    "],\"decay\":" + (t.decay ? "true" : "false") + "}";
        }
        json += "],\"params\":" +
                list(std::vector<double>(trace.initialParams.data(),
                                         trace.initialParams.data() + trace.initialParams.size()));
        json +=
            ",\"grad\":" + list(std::vector<double>(trace.gradient.data(),
                                                    trace.gradient.data() + trace.gradient.size()));
        json += ",\"tokens\":" + list(trace.batch.tokens) +
                ",\"targets\":" + list(trace.batch.targets) + ",\"losses\":" + list(trace.losses) +
                "}";
        std::ofstream out(argv[2]);
        out << json << '\n';
        return out ? 0 : 1;
    } catch (const std::exception& e) {
        std::cerr << "train_reference_dump: " << e.what() << '\n';
        return 2;
    }
}
