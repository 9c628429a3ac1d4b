// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/parallel.h"
#include "core/train/tasks.h"
#include "core/train/transformer.h"

#include <functional>
#include <vector>

/// \file trainer.h
/// Training and evaluation of the small transformer: the batch gradient (threads over fixed
/// groups of the batch's sequences, each group into its own gradient buffer, summed in group
/// order, so the result is bitwise the same at any thread count), global-norm clipping, AdamW, the
/// training loop with live partial results and cancellation, and held-out evaluation at any
/// length.

namespace rope::train {

/// \brief AdamW and clipping settings (Loshchilov & Hutter 2019; PyTorch's AdamW defaults but
/// the learning rate).
struct OptimizerParams {
    /// Learning rate η (constant), (0, 1].
    double lr = 3e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    /// Decoupled weight decay λ, applied to the tensors marked ParamTensor::decay.
    double weightDecay = 0.01;
    /// Global gradient-norm bound; 0 disables clipping.
    double clipNorm = 1.0;
};

/// \brief Checks the fields. \warning Throws InvalidParameter("lr", "beta1", "beta2", "eps",
/// "weight-decay", "clip").
void validate(const OptimizerParams& params);

/// \brief Adam's moment estimates.
template <class T> struct AdamState {
    Eigen::Matrix<T, Eigen::Dynamic, 1> m, v;
    int step = 0;
};

/// \brief Scales \p grad to global norm ≤ \p maxNorm: \f$g \leftarrow g\cdot\min(1,
/// c/\lVert g\rVert_2)\f$ (Pascanu et al. 2013; torch.nn.utils.clip_grad_norm_ without its
/// 1e-6 in the divisor). Returns the norm before clipping (accumulated in double).
template <class T>
double clipGradientNorm(Eigen::Matrix<T, Eigen::Dynamic, 1>& grad, double maxNorm);

/// \brief One AdamW step (PyTorch's `torch.optim.AdamW`, non-amsgrad): with bias corrections
/// \f$c_1 = 1-β_1^t\f$, \f$c_2 = 1-β_2^t\f$: \f$m \leftarrow β_1 m + (1-β_1)g\f$,
/// \f$v \leftarrow β_2 v + (1-β_2)g^2\f$, \f$p \leftarrow p(1 - ηλ)\f$ (decayed tensors only),
/// \f$p \leftarrow p - (η/c_1)\,m/(\sqrt{v}/\sqrt{c_2} + ε)\f$.
template <class T>
void adamwStep(Eigen::Matrix<T, Eigen::Dynamic, 1>& params,
               const Eigen::Matrix<T, Eigen::Dynamic, 1>& grad, AdamState<T>& state,
               const OptimizerParams& opt, const std::vector<ParamTensor>& layout);

/// \brief Loss and accuracy of a batch.
struct BatchStats {
    double loss = 0.0;     ///< mean cross-entropy over the positions with a target
    double accuracy = 0.0; ///< fraction of those positions the argmax gets right
    int counted = 0;
};

/// Number of fixed groups a batch's sequences are split into (see BatchGradient).
inline constexpr std::size_t kGradientGroups = 16;

/// \brief Mean loss and its gradient over a batch, threads over its sequences.
///
/// The sequences are split into K = min(B, kGradientGroups) groups fixed by the batch size B
/// alone (group g = sequences [B·g/K, B·(g+1)/K)). The groups are the units handed to
/// parallelFor; a group runs its sequences in order into its own gradient buffer, and the
/// buffers are added in group order. So the sum, and everything after it, is bitwise the same
/// at any thread count, and memory is K gradient buffers and one workspace (activations) per
/// thread whatever B (a buffer per sequence would be B·parameters, gigabytes at the largest
/// sizes).
template <class T> class BatchGradient {
public:
    using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;
    /// \p grad (resized to the parameter count) receives the gradient of the batch mean loss;
    /// nullptr: forward only. \p threads 1 … 256.
    BatchStats compute(const Transformer<T>& model, const Batch& batch,
                       const PositionContext<T>& pos, int threads, Vec* grad,
                       const WorkControl* control = nullptr);

private:
    std::vector<Workspace<T>> m_workspaces;
    std::vector<Vec> m_grads;
    std::vector<SequenceStats> m_stats;
};

/// \brief Everything one training run needs.
struct TrainOptions {
    ModelConfig model;
    TaskParams task;
    /// Training sequence length, 2 … model.maxLength.
    int length = 64;
    /// Sequences per step, 1 … 1024.
    int batch = 32;
    /// Optimiser steps, 1 … 100000.
    int steps = 300;
    OptimizerParams optimizer;
    /// Seed of the weights and of the training batches (separate streams, streamSeed()).
    std::uint64_t seed = 1;
    /// Worker threads, 1 … 256 (0 is resolved to all cores by the caller).
    int threads = 1;
};

/// \brief Checks every part. \warning Throws InvalidParameter naming the field; the model's
/// vocab must equal the task's.
void validate(const TrainOptions& options);

/// \brief One point of a training curve: the batch of step s (1-based) before its update. Each
/// step draws a fresh batch, so its accuracy is measured on sequences the model has not seen.
struct CurvePoint {
    int step = 0;
    double loss = 0.0;
    double accuracy = 0.0;
};

/// \brief The outcome of a training run.
struct TrainRun {
    Transformer<float> model;
    std::vector<CurvePoint> curve;
    /// True when WorkControl::cancel() stopped it early (the curve holds the steps done).
    bool cancelled = false;
};

/// \brief The weights trainModel() starts from: options.model initialised from
/// streamSeed(options.seed, kStreamWeights) (what the per-pair norms of a trained model are
/// compared with). \warning Throws as validate(options).
Transformer<float> initialModel(const TrainOptions& options);

/// \brief Trains a model in float32. Progress (steps done / steps) goes to \p control, which is
/// checked every step; \p onStep (may be empty) is called on the calling thread after every
/// step with that step's point, for live curves.
/// \warning Throws as validate(options).
TrainRun trainModel(const TrainOptions& options, WorkControl* control = nullptr,
                    const std::function<void(const CurvePoint&)>& onStep = {});

/// \brief The part [begin, end] of a WorkControl's progress that one training run fills: an
/// experiment made of several runs hands each run its share.
struct ProgressRange {
    double begin = 0.0;
    double end = 1.0;
};

/// Stream id of the fine-tuning batches (fineTune()): separate from training and evaluation, so
/// continuing a model never replays the batches it was trained on.
inline constexpr std::uint64_t kStreamFineTune = 4;

/// \brief Continues training \p start (its weights, a fresh AdamW state) for options.steps steps
/// at options.length, with RoPE's θ replaced by \p scaling during training (Transformer::
/// positions()). This is position interpolation's recipe (Chen et al. 2023, "Extending Context
/// Window of Large Language Models via Positional Interpolation", arXiv 2306.15595, §3: scale the
/// positions by L/L' and fine-tune briefly at L'); with the default scaling it is plain
/// continued training at the new length. The model's configuration is start.config()
/// (options.model is ignored; the learned table must already have rows for options.length).
/// Batches come from streamSeed(options.seed, kStreamFineTune). The curve's first point is the
/// loss and accuracy of the given weights on the first batch (before any update).
/// \warning Throws as validate(options) with start.config() as the model, and
/// InvalidParameter("scaling") for a non-default scaling on a scheme other than rope.
TrainRun fineTune(const Transformer<float>& start, const TrainOptions& options,
                  const ScalingParams& scaling = {}, const WorkControl* control = nullptr,
                  const std::function<void(const CurvePoint&)>& onStep = {},
                  ProgressRange progress = {});

/// \brief trainModel() with a const control whose progress it fills only in \p progress (for
/// an experiment that runs several models under one control).
TrainRun trainModelWithin(const TrainOptions& options, const WorkControl* control,
                          ProgressRange progress,
                          const std::function<void(const CurvePoint&)>& onStep = {});

/// \brief Held-out accuracy.
struct Evaluation {
    double loss = 0.0;
    double accuracy = 0.0;
    /// Accuracy at each position 0 … length−1; NaN where no sequence has a target.
    std::vector<double> accuracyByPosition;
    int sequences = 0;
};

/// \brief Evaluates \p model on \p sequences fresh sequences of \p length tokens drawn from
/// streamSeed(seed, kStreamEvaluation), a stream training never draws from. \p scaling replaces
/// RoPE's θ at evaluation time (Transformer::positions()); set its originalContext to the
/// training length.
/// \warning Throws InvalidParameter("length") beyond limits::kMaxTrainLength, or for the learned
/// scheme beyond model.config().maxLength; ("sequences") outside 1 … 65536.
Evaluation evaluate(const Transformer<float>& model, const TaskParams& task, int length,
                    int sequences, std::uint64_t seed, const ScalingParams& scaling = {},
                    int threads = 1, const WorkControl* control = nullptr);

/// \brief The trace the PyTorch cross-check compares against: initial weights, one batch, the
/// loss and gradient at those weights, and the loss on the same batch after each of \p steps
/// AdamW steps (clipping included).
template <class T> struct ReferenceTrace {
    Eigen::Matrix<T, Eigen::Dynamic, 1> initialParams, gradient;
    Batch batch;
    std::vector<double> losses; ///< losses[0] at the initial weights, losses[s] after step s
};

/// \brief Computes a ReferenceTrace (one thread).
template <class T>
ReferenceTrace<T> referenceTrace(const ModelConfig& model, const TaskParams& task, int length,
                                 int batch, std::uint64_t seed, int steps,
                                 const OptimizerParams& optimizer);

} // namespace rope::train
