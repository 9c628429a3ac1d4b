// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/train/experiments.h"
#include "core/train/inside.h"
#include "core/train/trainer.h"
#include "figures/figure_registry.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

/// \file training_lab.h
/// Panel "training-lab" (issue 36, topic "Evidence"): small transformers trained live by
/// core/train, one per position scheme and seed, on a task that needs position. The race view
/// draws accuracy (or loss) against step, the mean over the seeds with the min–max band, and
/// the held-out accuracy at L, 2L, 3L and 4L. Nothing is trained while option "run" is off (the
/// default: the Train button or `--set run=true` turns it on); the figure is then an empty frame
/// that says how many runs and steps Train would take. Training is the panel's job (FigureJob): it
/// publishes the curves as they grow, stops on cancel between steps, and reuses every
/// scheme × seed run of the previous result whose own inputs are unchanged.
///
/// The inside view (option "view" = inside) trains one model, RoPE from seed 1 with the race's
/// settings (the same run as the race's RoPE seed 1), and draws one head's softmax attention on a
/// held-out sequence (core/train/inside.h attentionMaps(): the forward pass's own probabilities)
/// beside the per-pair norms ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ of its query and key projections (pairNorms()).
///
/// The length view (view = length) runs core's length experiment (rope::train::
/// runLengthExperiment(), as `rope-cli lab --experiment length`) for the chosen schemes and
/// seeds: held-out accuracy at ½L, L, 2L, 3L and 4L per scheme (mean and min–max over the seeds),
/// and for RoPE the same model tested with PI (linear), NTK-aware, dynamic NTK and YaRN θ at test
/// time (factor max(1, T/L)), and, when "finetune-steps" > 0, after PI's short fine-tune at 2L.
/// The base view (view = base) runs the base sweep (runBaseExperiment(), `rope-cli lab
/// --experiment base`): RoPE trained at L for kTrainingLabBaseCount bases 10 … 10⁶, accuracy at
/// 4L against the base beside b*(L, r) and b*(4L, r) (the base-bound panel's minimalBase()) and
/// Liu et al.'s critical dimension (research_rules.h criticalDimension()).

namespace rope::figures {

/// Sequences per training step (the race's batch; `rope-cli train --batch 16` reproduces it).
inline constexpr int kTrainingLabBatch = 16;
/// Attention heads (d_model is a multiple of 2·heads, so every head width is even).
inline constexpr int kTrainingLabHeads = 4;
/// Vocabulary of the tasks (`rope-cli train`'s default).
inline constexpr int kTrainingLabVocab = 16;
/// Offset k of offset-copy (`rope-cli train`'s default).
inline constexpr int kTrainingLabOffset = 4;
/// Held-out sequences per test length.
inline constexpr int kTrainingLabEvalSequences = 32;
/// Test lengths are L·1 … L·kTrainingLabLengthMultiples.
inline constexpr int kTrainingLabLengthMultiples = 4;
/// The cap of `rope-cli train`: layers·d_model²·length·batch·steps·seeds·schemes (the race;
/// the inside view trains one model and counts seeds = schemes = 1).
inline constexpr double kTrainingLabWorkLimit = 5e11;
/// The cap of the length and base views, in the units of `rope-cli lab`
/// (rope::train::sequenceWork(): layers·d_model·(d_model + T)·T per sequence over training,
/// fine-tuning and evaluation), a tenth of the CLI's 5·10¹¹: a panel's job should finish in
/// minutes, not hours. The default length view (five schemes × three seeds, d_model 32, L = 32,
/// 150 steps, no fine-tune) counts ≈ 5.5·10⁹ and the default base view (six bases × three
/// seeds) 5.9·10⁹ (`rope-cli lab` reports the same "work" for the same runs).
inline constexpr double kTrainingLabExperimentWorkLimit = 5e10;
/// Bases of the base view: this many, log-spaced from 10 to 10⁶ (10, 100, …, 10⁶).
inline constexpr int kTrainingLabBaseCount = 6;
/// The base view tests at this multiple of L (the 4 × L_train).
inline constexpr int kTrainingLabBaseTestFactor = 4;

/// \brief One scheme × seed of a race: its training curve and its held-out accuracy.
struct TrainingLabRun {
    /// What this run depends on (task, scheme, seed, steps, length, d-model, layers, base): a
    /// later race reuses the run when its key is the same.
    QVariantMap key;
    std::string scheme;
    int seed = 1;
    std::vector<rope::train::CurvePoint> curve;
    /// Accuracy at the setup's test lengths, in order; empty while the run is still training.
    std::vector<double> accuracyByLength;
};

/// \brief The inside view's model: its training curve, and once trained, what it does on a
/// held-out sequence and its per-pair norms.
struct TrainingLabInside {
    /// The race run it is (trainingLabRunKey() of rope, seed 1): reused while unchanged.
    QVariantMap key;
    std::vector<rope::train::CurvePoint> curve;
    /// False while training (a partial result: only the curve so far).
    bool trained = false;
    /// The held-out sequence (first of the evaluation stream of seed 1, never trained on).
    std::vector<int> tokens;
    rope::train::AttentionMaps attention;
    rope::train::PairNorms norms;
    /// The same norms at the weights training started from (rope::train::initialModel()).
    rope::train::PairNorms initialNorms;
    /// Held-out accuracy at L over kTrainingLabEvalSequences sequences.
    double accuracy = 0.0;
};

/// \brief The length view's experiment: its inputs (trainingLabLengthKey()) and what it measured.
struct TrainingLabLength {
    QVariantMap key;
    rope::train::LengthResult result;
    /// False in a partial result (models still to come) or after a cancel.
    bool finished = false;
};

/// \brief The base view's sweep: its inputs (trainingLabBaseKey()) and what it measured.
struct TrainingLabBase {
    QVariantMap key;
    rope::train::BaseResult result;
    bool finished = false;
};

/// \brief The job's result: the finished runs, and in a partial result the run in training.
struct TrainingLabResult final : JobResult {
    std::vector<std::shared_ptr<const TrainingLabRun>> runs;
    /// The run being trained when a partial result was published (its curve so far), or null.
    std::shared_ptr<const TrainingLabRun> current;
    /// The inside view's model (kept when the view changes, so going back draws it at once).
    std::shared_ptr<const TrainingLabInside> inside;
    /// The length and base views' experiments (kept when the view changes, as inside).
    std::shared_ptr<const TrainingLabLength> length;
    std::shared_ptr<const TrainingLabBase> base;
};

/// \brief What a race trains, resolved from the options (defaults filled in).
struct TrainingLabSetup {
    /// Model, task, length, batch and steps; scheme and seed are set per run.
    rope::train::TrainOptions train;
    std::vector<std::string> schemes;
    int seeds = 3;
    /// L, 2L, 3L, 4L.
    std::vector<int> testLengths;
};

/// \brief The setup of \p options.
/// \warning Throws InvalidParameter naming the field for an unknown task or scheme, or when
/// the race's work exceeds kTrainingLabWorkLimit (race view: every scheme × seed; inside view:
/// its one model; the length and base views count their own work, trainingLabLengthOptions()).
TrainingLabSetup trainingLabSetup(const FigureOptions& options);

/// \brief The length view's experiment of \p options, resolved (rope::train::
/// resolveLengthOptions()): the race's model, task, steps, schemes and seeds; test lengths ½L,
/// L, 2L, 3L, 4L; the methods linear (PI), ntk, dynamic, yarn; "finetune-steps" at 2L;
/// kTrainingLabEvalSequences held-out sequences per length.
/// \warning Throws as trainingLabSetup(), and InvalidParameter("steps") when its work
/// (rope::train::lengthExperimentWork()) exceeds kTrainingLabExperimentWorkLimit.
rope::train::LengthOptions trainingLabLengthOptions(const FigureOptions& options);

/// \brief The base view's sweep of \p options, resolved: RoPE with the race's model, task and
/// steps at kTrainingLabBaseCount bases 10 … 10⁶, rotary fraction 1, "seeds" seeds, tested at L
/// and kTrainingLabBaseTestFactor × L.
/// \warning Throws as trainingLabSetup(), and InvalidParameter("steps") when its work
/// (rope::train::baseExperimentWork()) exceeds kTrainingLabExperimentWorkLimit.
rope::train::BaseOptions trainingLabBaseOptions(const FigureOptions& options);

/// \brief What a length experiment depends on (not its thread count: core gives bitwise the
/// same result at any): the key under which it is reused and remembered.
QVariantMap trainingLabLengthKey(const rope::train::LengthOptions& resolved);
/// \brief What a base sweep depends on.
QVariantMap trainingLabBaseKey(const rope::train::BaseOptions& resolved);

/// \brief The base below which Liu et al.'s critical dimension is the whole rotary dimension r
/// (every pair completes a period within \p trainLength): d_extra = 2⌈(r/2)·log_b(L/2π)⌉ = r
/// ⟺ log_b(L/2π) > (r−2)/r ⟺ b < (L/2π)^(r/(r−2)). NaN when r ≤ 2 or L ≤ 2π (no base > 1
/// qualifies, or every base does).
double trainingLabFullCriticalBase(int rotaryDim, double trainLength);

/// \brief Runs the inside view's job: trains RoPE from seed 1 with \p setup's settings
/// (progress and a partial result with the curve so far via \p control; cancellable between
/// steps), then computes its attention on the first held-out sequence of length L and its
/// per-pair norms. \p reuse, when its key matches and it is trained, is returned as it is.
std::shared_ptr<const TrainingLabInside>
trainingLabInside(const TrainingLabSetup& setup, const JobControl& control,
                  const std::shared_ptr<const TrainingLabInside>& reuse,
                  const std::function<void(std::shared_ptr<const TrainingLabInside>)>& onPartial);

/// \brief The key of one run of \p setup (TrainingLabRun::key).
QVariantMap trainingLabRunKey(const TrainingLabSetup& setup, const std::string& scheme, int seed);

/// \brief The first step whose training-batch accuracy is ≥ \p threshold, or −1 (never), as
/// `rope-cli train` reports "steps_to_99" for threshold 0.99.
int trainingLabStepsTo(const std::vector<rope::train::CurvePoint>& curve, double threshold);

/// \brief Runs the race of \p options (defaults filled in) under \p control: with "run" off,
/// nothing (the finished runs of \p previous are handed on); else seed by seed, every
/// scheme of that seed, so every scheme's curve appears early. Runs of \p previous (if a
/// TrainingLabResult) with the same key are reused, not retrained.
std::shared_ptr<const TrainingLabResult> runTrainingLab(const rope::RopeParams& params,
                                                        const FigureOptions& options,
                                                        const JobControl& control,
                                                        const JobResult* previous);

/// \brief The finished runs of \p result that belong to \p setup, grouped by scheme (in the
/// setup's order) and sorted by seed.
std::vector<std::vector<const TrainingLabRun*>>
trainingLabRunsByScheme(const TrainingLabSetup& setup, const TrainingLabResult& result);

const OptionTable& trainingLabOptions();
const FigureJob& trainingLabJob();
FigureData trainingLabFigure(const rope::RopeParams& params, const FigureOptions& options);

} // namespace rope::figures
