// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "io/model_config.h"

#include <Eigen/Core>
#include <QString>
#include <QStringList>

#include <vector>

/// \file engine_compare.h
/// The same model as two engines compute it: Hugging Face transformers (the config.json's
/// semantics) against llama.cpp (its loader, graph builders and ggml's rope kernel at the commit
/// named in docs/engines.md), per layer and per rotary pair.

namespace rope::io {

/// \brief One engine's RoPE for one layer.
struct EngineRope {
    /// False: the layer's queries and keys are not rotated (NoPE, linear attention).
    bool rope = false;
    /// Sliding-window span in tokens; 0 for full attention.
    long long window = 0;
    /// The parameters the engine uses for this layer.
    RopeParams params;
    /// θ_i per rotary pair (rad/token); for LongRoPE on the transformers side, the short set
    /// (a sequence of at most L₀ tokens).
    Eigen::ArrayXd theta;
    /// cos/sin magnitude (attention factor a; q·k scales by a²).
    double attention = 1.0;
};

/// \brief transformers against llama.cpp for one decoder layer.
struct EngineLayerComparison {
    int index = 0;
    QString type;
    EngineRope hf;
    EngineRope llama;
    /// LongRoPE only: transformers' θ_i for sequences longer than L₀ (the long factors); empty
    /// otherwise.
    Eigen::ArrayXd hfThetaLong;
    /// max_i |θ_llama − θ_hf| / θ_hf over the regimes that occur within the context.
    double maxRelThetaDiff = 0.0;
    /// Pair of that maximum; −1 when the layer has no rotated pair on either side.
    int maxPair = -1;
    /// Smallest relative distance Δ ≥ 1 inside the layer's span and the context at which the
    /// normalised scores differ by more than the tolerance; −1 when they never do.
    long long divergesAt = -1;
};

/// \brief The whole comparison.
struct EngineComparison {
    QString modelType;
    QString family;
    QString llamaCppArch;
    /// Context N the comparison assumes (llama.cpp's --ctx-size).
    long long context = 0;
    /// Tolerance on the normalised score s(Δ) = a²/P Σ_i cos(Δ θ_i) (P pairs).
    double tolerance = 1e-3;
    std::vector<EngineLayerComparison> layers;
    double maxRelThetaDiff = 0.0;
    int maxLayer = -1;
    int maxPair = -1;
    long long divergesAt = -1;
    int divergesLayer = -1;
    /// What differs, one sentence each ("field: why").
    QStringList differences;
    /// Flags or GGUF keys that close a gap, or why none can.
    QStringList fixes;
    /// Assumptions the comparison makes.
    QStringList notes;
};

/// \brief Normalised query-key score of a unit, all-ones q = k at distance Δ:
/// \f$s(Δ) = \frac{a^2}{P}\sum_{i<P} \cos(Δ\,θ_i)\f$; 1 (times a²) for a layer without RoPE.
double engineScore(const EngineRope& side, const Eigen::ArrayXd& theta, long long distance);

/// \brief Compares transformers and llama.cpp for \p model at context \p context.
/// \p fromGguf: the model was read from a GGUF (llama.cpp's reading; transformers' side is the
/// config it records, plus what the converter is known to drop).
/// \warning Throws InvalidParameter("model_type") for a family without a llama.cpp
/// architecture or rope type, ("method") for a scaling method llama.cpp does not implement,
/// ("context") outside [1, 1048576] or when the scan would be too large.
EngineComparison compareEngines(const io::ModelConfigResult& model, bool fromGguf,
                                long long context);

} // namespace rope::io
