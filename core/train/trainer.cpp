// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/train/trainer.h"

#include "core/rope_params.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::train {

namespace {

void require(bool ok, const char* name, const std::string& message) {
    if (!ok) {
        throw InvalidParameter(name, message);
    }
}

} // namespace

void validate(const OptimizerParams& o) {
    require(o.lr > 0.0 && o.lr <= 1.0, "lr", "learning rate must be in (0, 1]");
    require(o.beta1 >= 0.0 && o.beta1 < 1.0, "beta1", "beta1 must be in [0, 1)");
    require(o.beta2 >= 0.0 && o.beta2 < 1.0, "beta2", "beta2 must be in [0, 1)");
    require(o.eps > 0.0 && o.eps <= 1.0, "eps", "eps must be in (0, 1]");
    require(o.weightDecay >= 0.0 && o.weightDecay <= 1.0, "weight-decay",
            "weight decay must be in [0, 1]");
    require(o.clipNorm >= 0.0 && std::isfinite(o.clipNorm), "clip",
            "clip norm must be finite and ≥ 0 (0: no clipping)");
}

template <class T>
double clipGradientNorm(Eigen::Matrix<T, Eigen::Dynamic, 1>& grad, double maxNorm) {
    double sumSquares = 0.0;
    for (Eigen::Index i = 0; i < grad.size(); ++i) {
        sumSquares += static_cast<double>(grad[i]) * static_cast<double>(grad[i]);
    }
    const double norm = std::sqrt(sumSquares);
    if (maxNorm > 0.0 && norm > maxNorm) {
        grad *= static_cast<T>(maxNorm / norm);
    }
    return norm;
}

template <class T>
void adamwStep(Eigen::Matrix<T, Eigen::Dynamic, 1>& params,
               const Eigen::Matrix<T, Eigen::Dynamic, 1>& grad, AdamState<T>& state,
               const OptimizerParams& opt, const std::vector<ParamTensor>& layout) {
    if (state.m.size() != params.size()) {
        state.m.setZero(params.size());
        state.v.setZero(params.size());
        state.step = 0;
    }
    state.step += 1;
    const double c1 = 1.0 - std::pow(opt.beta1, state.step);
    const double c2 = 1.0 - std::pow(opt.beta2, state.step);
    const T b1 = static_cast<T>(opt.beta1);
    const T b2 = static_cast<T>(opt.beta2);
    const T stepSize = static_cast<T>(opt.lr / c1);
    const T sqrtC2 = static_cast<T>(std::sqrt(c2));
    const T eps = static_cast<T>(opt.eps);
    const T decay = static_cast<T>(1.0 - opt.lr * opt.weightDecay);
    for (const ParamTensor& tensor : layout) {
        const Eigen::Index end =
            tensor.offset + static_cast<Eigen::Index>(tensor.rows) * tensor.cols;
        for (Eigen::Index i = tensor.offset; i < end; ++i) {
            state.m[i] = b1 * state.m[i] + (T(1) - b1) * grad[i];
            state.v[i] = b2 * state.v[i] + (T(1) - b2) * grad[i] * grad[i];
            if (tensor.decay) {
                params[i] *= decay;
            }
            params[i] -= stepSize * state.m[i] / (std::sqrt(state.v[i]) / sqrtC2 + eps);
        }
    }
}

template <class T>
BatchStats BatchGradient<T>::compute(const Transformer<T>& model, const Batch& batch,
                                     const PositionContext<T>& pos, int threads, Vec* grad,
                                     const WorkControl* control) {
    require(batch.length == pos.length, "length", "batch and position context lengths differ");
    const auto count = static_cast<std::size_t>(batch.count);
    const Eigen::Index n = model.parameters().size();
    // Groups of sequences fixed by the batch size alone (group g = [B·g/K, B·(g+1)/K), K =
    // min(B, kGradientGroups)): each group runs its sequences in order into its own workspace and
    // gradient buffer, and the buffers are added in group order, so the sum is bitwise the same
    // at any thread count while memory stays at K buffers whatever the batch.
    const std::size_t groups = std::min(count, kGradientGroups);
    m_workspaces.resize(groups);
    m_stats.assign(count, SequenceStats{});
    if (grad != nullptr) {
        m_grads.resize(groups);
    }
    const int counted = batch.counted();
    // The gradient of the batch mean: each sequence contributes Σ_t loss_t / (all targets).
    const T lossScale = counted > 0 ? T(1) / static_cast<T>(counted) : T(0);
    parallelFor(
        groups, threads,
        [&](std::size_t begin, std::size_t end) {
            // One workspace per block of groups (per thread), kept between calls: it only holds
            // activations, which every sequence overwrites, so it does not affect the result.
            // Only the slot of each block's first group is ever filled.
            Workspace<T>& workspace = m_workspaces[begin];
            for (std::size_t g = begin; g < end; ++g) {
                Vec* buffer = nullptr;
                if (grad != nullptr) {
                    m_grads[g].setZero(n);
                    buffer = &m_grads[g];
                }
                for (std::size_t b = count * g / groups; b < count * (g + 1) / groups; ++b) {
                    if (control != nullptr && control->cancelled()) {
                        return;
                    }
                    const std::size_t at = b * static_cast<std::size_t>(batch.length);
                    m_stats[b] = model.run(batch.tokens.data() + at, batch.targets.data() + at, pos,
                                           workspace, buffer, lossScale);
                }
            }
        },
        control);
    BatchStats stats;
    double lossSum = 0.0;
    int correct = 0;
    for (std::size_t b = 0; b < count; ++b) {
        lossSum += m_stats[b].lossSum;
        correct += m_stats[b].correct;
        stats.counted += m_stats[b].counted;
    }
    if (stats.counted > 0) {
        stats.loss = lossSum / stats.counted;
        stats.accuracy = static_cast<double>(correct) / stats.counted;
    }
    if (grad != nullptr) {
        grad->setZero(n);
        for (std::size_t g = 0; g < groups; ++g) {
            *grad += m_grads[g];
        }
    }
    return stats;
}

void validate(const TrainOptions& o) {
    validate(o.model);
    validate(o.task, o.length);
    validate(o.optimizer);
    require(o.model.vocab == o.task.vocab, "vocab", "model and task vocabularies differ");
    require(o.model.scheme != PositionScheme::Learned || o.length <= o.model.maxLength, "length",
            "training length exceeds the learned table's rows (max-length)");
    require(o.batch >= 1 && o.batch <= 1024, "batch",
            "batch must be 1 … 1024, got " + std::to_string(o.batch));
    require(o.steps >= 1 && o.steps <= 100000, "steps",
            "steps must be 1 … 100000, got " + std::to_string(o.steps));
    require(o.threads >= 1 && o.threads <= 256, "threads",
            "threads must be 1 … 256, got " + std::to_string(o.threads));
}

namespace {

// The training loop shared by trainModel() and fineTune(): \p run holds the starting weights.
void trainLoop(TrainRun& run, const TrainOptions& options, const ScalingParams& scaling,
               std::uint64_t stream, const WorkControl* control, ProgressRange progress,
               const std::function<void(const CurvePoint&)>& onStep) {
    std::mt19937_64 data(streamSeed(options.seed, stream));
    const PositionContext<float> pos = run.model.positions(options.length, scaling);
    BatchGradient<float> engine;
    AdamState<float> adam;
    Eigen::VectorXf grad;
    for (int step = 1; step <= options.steps; ++step) {
        if (control != nullptr && control->cancelled()) {
            run.cancelled = true;
            break;
        }
        const Batch batch = makeBatch(options.task, options.batch, options.length, data);
        const BatchStats stats =
            engine.compute(run.model, batch, pos, options.threads, &grad, control);
        if (control != nullptr && control->cancelled()) {
            run.cancelled = true; // the batch may be incomplete: do not apply it
            break;
        }
        clipGradientNorm(grad, options.optimizer.clipNorm);
        adamwStep(run.model.parameters(), grad, adam, options.optimizer, run.model.layout());
        const CurvePoint point{step, stats.loss, stats.accuracy};
        run.curve.push_back(point);
        if (control != nullptr) {
            control->setProgress(progress.begin + (progress.end - progress.begin) *
                                                      static_cast<double>(step) / options.steps);
        }
        if (onStep) {
            onStep(point);
        }
    }
}

} // namespace

Transformer<float> initialModel(const TrainOptions& options) {
    validate(options);
    Transformer<float> model(options.model);
    model.initialize(streamSeed(options.seed, kStreamWeights));
    return model;
}

TrainRun trainModelWithin(const TrainOptions& options, const WorkControl* control,
                          ProgressRange progress,
                          const std::function<void(const CurvePoint&)>& onStep) {
    TrainRun run{initialModel(options), {}, false};
    trainLoop(run, options, {}, kStreamTraining, control, progress, onStep);
    return run;
}

TrainRun trainModel(const TrainOptions& options, WorkControl* control,
                    const std::function<void(const CurvePoint&)>& onStep) {
    return trainModelWithin(options, control, {}, onStep);
}

TrainRun fineTune(const Transformer<float>& start, const TrainOptions& options,
                  const ScalingParams& scaling, const WorkControl* control,
                  const std::function<void(const CurvePoint&)>& onStep, ProgressRange progress) {
    TrainOptions o = options;
    o.model = start.config();
    validate(o);
    TrainRun run{start, {}, false};
    trainLoop(run, o, scaling, kStreamFineTune, control, progress, onStep);
    return run;
}

Evaluation evaluate(const Transformer<float>& model, const TaskParams& task, int length,
                    int sequences, std::uint64_t seed, const ScalingParams& scaling, int threads,
                    const WorkControl* control) {
    require(sequences >= 1 && sequences <= 65536, "sequences",
            "sequences must be 1 … 65536, got " + std::to_string(sequences));
    const PositionContext<float> pos = model.positions(length, scaling);
    std::mt19937_64 data(streamSeed(seed, kStreamEvaluation));
    const Batch batch = makeBatch(task, sequences, length, data);
    // Forward only, with predictions; sequences in the same fixed groups as training, one
    // workspace per thread (memory bounded whatever the number of sequences).
    const auto count = static_cast<std::size_t>(sequences);
    const std::size_t groups = std::min(count, kGradientGroups);
    std::vector<int> predictions(batch.tokens.size(), -1);
    std::vector<SequenceStats> stats(count);
    parallelFor(
        groups, threads,
        [&](std::size_t begin, std::size_t end) {
            Workspace<float> workspace;
            for (std::size_t g = begin; g < end; ++g) {
                for (std::size_t b = count * g / groups; b < count * (g + 1) / groups; ++b) {
                    if (control != nullptr && control->cancelled()) {
                        return;
                    }
                    const std::size_t at = b * static_cast<std::size_t>(length);
                    stats[b] = model.run(batch.tokens.data() + at, batch.targets.data() + at, pos,
                                         workspace, nullptr, 1.0F, predictions.data() + at);
                }
            }
        },
        control);
    Evaluation e;
    e.sequences = sequences;
    std::vector<int> hits(static_cast<std::size_t>(length), 0);
    std::vector<int> totals(static_cast<std::size_t>(length), 0);
    int correct = 0;
    int counted = 0;
    double lossSum = 0.0;
    for (int b = 0; b < sequences; ++b) {
        lossSum += stats[static_cast<std::size_t>(b)].lossSum;
        for (int t = 0; t < length; ++t) {
            const std::size_t at = static_cast<std::size_t>(b) * length + t;
            if (batch.targets[at] < 0) {
                continue;
            }
            totals[static_cast<std::size_t>(t)] += 1;
            const bool hit = predictions[at] == batch.targets[at];
            hits[static_cast<std::size_t>(t)] += hit ? 1 : 0;
            correct += hit ? 1 : 0;
            counted += 1;
        }
    }
    e.accuracy = counted > 0 ? static_cast<double>(correct) / counted : 0.0;
    e.loss = counted > 0 ? lossSum / counted : 0.0;
    for (int t = 0; t < length; ++t) {
        const int total = totals[static_cast<std::size_t>(t)];
        e.accuracyByPosition.push_back(
            total > 0 ? static_cast<double>(hits[static_cast<std::size_t>(t)]) / total
                      : std::numeric_limits<double>::quiet_NaN());
    }
    return e;
}

template <class T>
ReferenceTrace<T> referenceTrace(const ModelConfig& model, const TaskParams& task, int length,
                                 int batch, std::uint64_t seed, int steps,
                                 const OptimizerParams& optimizer) {
    validate(model);
    validate(optimizer);
    require(steps >= 0 && steps <= 1000, "steps", "reference steps must be 0 … 1000");
    Transformer<T> net(model);
    net.initialize(streamSeed(seed, kStreamWeights));
    std::mt19937_64 data(streamSeed(seed, kStreamTraining));
    ReferenceTrace<T> trace;
    trace.batch = makeBatch(task, batch, length, data);
    trace.initialParams = net.parameters();
    const PositionContext<T> pos = net.positions(length);
    BatchGradient<T> engine;
    AdamState<T> adam;
    Eigen::Matrix<T, Eigen::Dynamic, 1> grad;
    trace.losses.push_back(engine.compute(net, trace.batch, pos, 1, &grad).loss);
    trace.gradient = grad;
    for (int s = 1; s <= steps; ++s) {
        clipGradientNorm(grad, optimizer.clipNorm);
        adamwStep(net.parameters(), grad, adam, optimizer, net.layout());
        trace.losses.push_back(engine.compute(net, trace.batch, pos, 1, &grad).loss);
    }
    return trace;
}

template double clipGradientNorm<float>(Eigen::VectorXf&, double);
template double clipGradientNorm<double>(Eigen::VectorXd&, double);
template void adamwStep<float>(Eigen::VectorXf&, const Eigen::VectorXf&, AdamState<float>&,
                               const OptimizerParams&, const std::vector<ParamTensor>&);
template void adamwStep<double>(Eigen::VectorXd&, const Eigen::VectorXd&, AdamState<double>&,
                                const OptimizerParams&, const std::vector<ParamTensor>&);
template class BatchGradient<float>;
template class BatchGradient<double>;
template ReferenceTrace<float> referenceTrace<float>(const ModelConfig&, const TaskParams&, int,
                                                     int, std::uint64_t, int,
                                                     const OptimizerParams&);
template ReferenceTrace<double> referenceTrace<double>(const ModelConfig&, const TaskParams&, int,
                                                       int, std::uint64_t, int,
                                                       const OptimizerParams&);

} // namespace rope::train
