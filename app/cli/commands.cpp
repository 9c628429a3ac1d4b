// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/commands.h"

namespace rope::cli {

const std::vector<Command>& allCommands() {
    static const std::vector<Command> commands = {
        {"freqs", "inverse frequencies and attention factor of a scaling method", false, &runFreqs},
        {"apply", "rotate one vector at one position", false, &runApply},
        {"decay", "long-term decay metrics at chosen relative distances", false, &runDecay},
        {"min-base", "smallest base b*(L, d) whose cosine sum stays >= 0", false, &runMinBase},
        {"bench-min-base", "timings of the b* sweep, old and new evaluator, in one run", false,
         &runBenchMinBase},
        {"identity", "residual of R_m^T R_n = R_(n-m)", false, &runIdentity},
        {"layers", "RoPE of every decoder layer of a model (per-layer bases, NoPE layers)", false,
         &runLayers},
        {"mrope", "multimodal RoPE: axis of each pair and 3-row position ids", false, &runMrope},
        {"kv-cache", "dynamic NTK: score with a key cached at a shorter length", false,
         &runKvCache},
        {"bench", "throughput of the batch RoPE kernels (GB/s)", false, &runBench},
        {"figure", "render a panel's figure to PNG, SVG, PDF or CSV", true, &runFigure},
        {"animate", "sweep a panel option or parameter into a GIF, MP4, WebM or PNG frames", true,
         &runAnimate},
        {"course", "the guided course: list its steps, check an answer", false, &runCourse},
        {"translate", "a model's RoPE as llama.cpp flags and GGUF keys, or as the HF block", false,
         &runTranslate},
        {"engines", "transformers against llama.cpp for a model: θ, magnitude, layers, windows",
         false, &runEngines},
        {"doctor", "check a model's RoPE for known engine and config mistakes", false, &runDoctor},
        {"compare", "cosine of two models' query-key scores over relative distance", false,
         &runCompare},
        {"slides", "a 16:9 PDF slide deck of chosen panels (one figure per page)", true,
         &runSlides},
        {"handout", "the course as an A4 PDF handout (steps, figures, lessons)", true, &runHandout},
        {"weights", "per-pair norms of a model's W_q and W_k from its safetensors files", false,
         &runWeights},
        {"train", "train small transformers per position scheme on a synthetic task", false,
         &runTrain},
        {"lab",
         "training-lab experiments: race over seeds, length extrapolation and scaling, "
         "base sweep beside b*",
         false, &runLab},
        {"bench-train", "steps per second of the training lab's transformer at 1 and 2 threads",
         false, &runBenchTrain},
    };
    return commands;
}

} // namespace rope::cli
