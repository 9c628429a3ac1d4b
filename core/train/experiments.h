// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/parallel.h"
#include "core/train/trainer.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

/// \file experiments.h
/// The training lab's experiments (issue 36, docs/TRAINING.md "Experiments"), each a function of
/// its options, a `const WorkControl*` (cancel, progress over the whole experiment) and a callback
/// that receives the result so far after every finished model. They only arrange trainModel(),
/// fineTune() and evaluate() runs and aggregate what those return; every run is deterministic for
/// its seed at any thread count (the threads work inside a run, over the batch), so an
/// experiment is too.

namespace rope::train {

/// \brief Mean, minimum and maximum of a set of numbers (over seeds).
struct Spread {
    double mean = 0.0;
    double min = 0.0;
    double max = 0.0;
};

/// \brief One seed's run of the race.
struct RaceRun {
    PositionScheme scheme = PositionScheme::Rope;
    std::uint64_t seed = 1;
    std::vector<CurvePoint> curve;
    /// First step whose batch accuracy is ≥ the race's target, or −1 when none is.
    int stepsToTarget = -1;
};

/// \brief One scheme of the race, aggregated over its seeds.
struct SchemeCurves {
    PositionScheme scheme = PositionScheme::Rope;
    /// Steps 1 … n, n the shortest curve of the seeds (all of them unless cancelled).
    std::vector<int> steps;
    /// Per step, over the seeds: loss and accuracy mean, min and max.
    std::vector<Spread> loss, accuracy;
    /// Seeds aggregated, and how many of them reached the target.
    int seeds = 0;
    int reached = 0;
    /// Steps to the target over the seeds that reached it (mean, min, max); NaN when none did.
    Spread stepsToTarget;
};

/// \brief The first step whose accuracy is ≥ \p target, or −1.
int stepsToAccuracy(const std::vector<CurvePoint>& curve, double target);

/// \brief Aggregates the curves of one scheme's seeds step by step: for step s the mean
/// \f$\frac1n\sum_k x_k(s)\f$, the minimum and the maximum over the n curves, up to the shortest
/// curve; steps to \p target per curve (stepsToAccuracy()) and their mean/min/max over the curves
/// that reach it. \p curves may be empty (then seeds = 0 and every Spread is NaN).
SchemeCurves aggregateCurves(PositionScheme scheme,
                             const std::vector<std::vector<CurvePoint>>& curves, double target);

/// \brief Options of the race: every scheme trained from every seed on one task.
struct RaceOptions {
    /// Model, task, length, batch, steps, optimizer, threads; model.scheme and seed are set per
    /// run.
    TrainOptions train;
    /// Schemes raced, at least one, none twice.
    std::vector<PositionScheme> schemes = {PositionScheme::Rope, PositionScheme::Alibi,
                                           PositionScheme::Nope};
    /// Seeds firstSeed, firstSeed+1, …: 1 … 100.
    int seeds = 3;
    std::uint64_t firstSeed = 1;
    /// Accuracy whose first step is reported, (0, 1].
    double target = 0.99;
};

/// \brief Result of the race (also the partial result handed on after each run).
struct RaceResult {
    std::vector<RaceRun> runs;         ///< in order scheme by scheme, seed by seed
    std::vector<SchemeCurves> schemes; ///< one per scheme with at least one finished run
    bool cancelled = false;
};

/// \brief Trains options.schemes × options.seeds models (trainModel) in that order and
/// aggregates each scheme's curves (aggregateCurves()). \p onPartial gets the result after each
/// finished run; a cancel keeps the finished runs (a run stopped midway is dropped).
/// \warning Throws InvalidParameter("schemes", "seeds", "target") or as validate(TrainOptions)
/// for each scheme, before any training.
RaceResult runRace(const RaceOptions& options, const WorkControl* control = nullptr,
                   const std::function<void(const RaceResult&)>& onPartial = {});

/// \brief The test-time scaling of the length experiment and of `rope-cli train --scaling`:
/// \p method with factor \p factor, original context \p trainLength and sequence length
/// \p testLength (dynamic NTK reads it).
ScalingParams testTimeScaling(ScalingKind method, double factor, int trainLength, int testLength);

/// \brief Options of the length experiment.
struct LengthOptions {
    /// Model, task, training length L_train, batch, steps, optimizer, threads.
    TrainOptions train;
    std::vector<PositionScheme> schemes = {PositionScheme::Rope};
    int seeds = 1;
    std::uint64_t firstSeed = 1;
    /// Test lengths; empty: ½, 1, 2, 4 and 8 × L_train (those in 2 … limits::kMaxTrainLength).
    std::vector<int> testLengths;
    /// Scaling methods applied to rope at test time with factor max(1, L_test/L_train):
    /// registry ids, "default" excluded (the unscaled row is always there).
    std::vector<ScalingKind> methods = {ScalingKind::Linear, ScalingKind::Ntk, ScalingKind::Dynamic,
                                        ScalingKind::Yarn};
    /// Fine-tuning steps per method (0: none, ≤ 100000) at fineTuneLength (0: 2 × L_train,
    /// else L_train … limits::kMaxTrainLength): the trained rope model continued with the
    /// method's θ at factor fineTuneLength/L_train (fineTune()), then tested with that scaling
    /// at every test length; also once unscaled ("default"), plain continued training.
    int fineTuneSteps = 0;
    int fineTuneLength = 0;
    /// Held-out sequences per test length, 1 … 4096.
    int evalSequences = 64;
};

/// \brief One line of the length experiment: one model (scheme, seed, method, fine-tuned or
/// not) tested at every test length.
struct LengthRow {
    PositionScheme scheme = PositionScheme::Rope;
    std::uint64_t seed = 1;
    /// ScalingKind::Default (θ unchanged) or the scaling method applied at test time.
    ScalingKind method = ScalingKind::Default;
    bool fineTuned = false;
    /// Held-out accuracy at each of LengthResult::testLengths.
    std::vector<double> accuracy;
};

/// \brief Result of the length experiment.
struct LengthResult {
    std::vector<int> testLengths;
    int fineTuneLength = 0;
    std::vector<LengthRow> rows;
    bool cancelled = false;
};

/// \brief The resolved test lengths and fine-tuning length of \p options (defaults filled in).
/// \warning Throws InvalidParameter("test-lengths", "finetune-length", "finetune-steps",
/// "methods", "eval-sequences", "schemes", "seeds") or as validate(TrainOptions).
LengthOptions resolveLengthOptions(const LengthOptions& options);

/// \brief Trains each scheme and seed at L_train, tests it at every test length, for rope also
/// with each scaling method, and (fineTuneSteps > 0) after a fine-tune per method. For the
/// learned scheme the table gets a row for every length (ModelConfig::maxLength).
LengthResult runLengthExperiment(const LengthOptions& options, const WorkControl* control = nullptr,
                                 const std::function<void(const LengthResult&)>& onPartial = {});

/// \brief Options of the base experiment: rope trained at L_train for each base and rotary
/// fraction, tested at L_train and testFactor × L_train.
struct BaseOptions {
    /// Model (its base and rotary fraction are overridden), task, length, steps, …
    TrainOptions train;
    /// Bases; empty: baseCount values log-spaced from 10 to 10⁶ (10^(1 + 5k/(n−1))).
    std::vector<double> bases;
    int baseCount = 6;
    /// Rotary fractions, each in (0, 1].
    std::vector<double> rotaryFractions = {1.0};
    int seeds = 1;
    std::uint64_t firstSeed = 1;
    /// Test length = testFactor × L_train, ≤ limits::kMaxTrainLength.
    int testFactor = 4;
    int evalSequences = 64;
};

/// \brief One model of the base sweep.
struct BasePoint {
    double base = 0.0;
    double rotaryFraction = 1.0;
    std::uint64_t seed = 1;
    double accuracyTrainLength = 0.0; ///< at L_train
    double accuracyTestLength = 0.0;  ///< at testFactor × L_train
};

/// \brief The theory beside one rotary fraction: its rotary dimension r and b*(L, r) from
/// minimalBase() (the smallest base whose \f$\sum_i\cos(m\,θ_i)\f$ stays ≥ 0 for m < L).
struct BaseBound {
    double rotaryFraction = 1.0;
    int rotaryDim = 0;
    /// b*(L_train, r) and b*(testFactor·L_train, r); NaN where no base qualifies.
    double bStarTrain = 0.0;
    double bStarTest = 0.0;
};

/// \brief Result of the base experiment.
struct BaseResult {
    std::vector<double> bases;
    int trainLength = 0;
    int testLength = 0;
    std::vector<BaseBound> bounds;
    std::vector<BasePoint> points; ///< fraction by fraction, base by base, seed by seed
    bool cancelled = false;
};

/// \brief The resolved bases of \p options and its checks.
/// \warning Throws InvalidParameter("bases", "rotary-fractions", "test-factor", "seeds",
/// "eval-sequences") or as validate(TrainOptions).
BaseOptions resolveBaseOptions(const BaseOptions& options);

/// \brief Trains rope for every rotary fraction × base × seed and tests each at L_train and
/// testFactor × L_train; the bounds b* come first (they are quick at these sizes).
BaseResult runBaseExperiment(const BaseOptions& options, const WorkControl* control = nullptr,
                             const std::function<void(const BaseResult&)>& onPartial = {});

/// \brief Work of one sequence of T tokens through one forward and backward pass, in the units
/// of the lab's work caps (`rope-cli lab`, the panel's length and base views): per layer the
/// projections and MLP (∝ C² per token, C = d_model) and attention (∝ C·T per token, which
/// dominates long test lengths), \f$\text{layers}\cdot C\,(C + T)\,T\f$. A forward pass
/// alone (held-out evaluation) is counted as a third of it.
double sequenceWork(const ModelConfig& model, int length);

/// \brief Work of a resolved length experiment (resolveLengthOptions()): per seed, every scheme's
/// training (batch · steps sequences of L_train), for rope the fine-tunes (the methods and the
/// unscaled control, batch · fine-tune steps sequences of L_ft each) and every tested model's
/// evaluation (evalSequences forward passes per test length): the plain models, and for rope
/// each method at test time and each fine-tuned model.
double lengthExperimentWork(const LengthOptions& resolved);

/// \brief Work of a resolved base experiment (resolveBaseOptions()): per model (fraction × base ×
/// seed) its training and its evaluation at L_train and testFactor × L_train.
double baseExperimentWork(const BaseOptions& resolved);

} // namespace rope::train
