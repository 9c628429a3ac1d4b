// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/training_lab.h"

#include <QVariantMap>

#include <memory>
#include <string>

/// \file training_lab_memo.h
/// The training lab's finished runs, kept for the whole process. A run is a function of its key
/// alone (trainingLabRunKey(); core/train gives bitwise the same weights, curve and held-out
/// accuracy at any thread count), so a run trained for a course answer is the run the panel
/// reveals after it, and the run a slide, the second layout pass of that slide and the other
/// language's deck draw: each is trained once per process. The memo holds at most
/// kTrainingLabMemoRuns runs (the oldest go first); a run it no longer holds is trained again,
/// which only costs time.

namespace rope::figures {

/// Runs the memo keeps (a run of the default race is a few kB: its curve and four accuracies).
inline constexpr int kTrainingLabMemoRuns = 256;

/// \brief The finished run with this key, or null.
std::shared_ptr<const TrainingLabRun> rememberedTrainingLabRun(const QVariantMap& key);

/// \brief Keeps every finished run of \p result (those with held-out accuracies).
void rememberTrainingLabRuns(const TrainingLabResult& result);

/// \brief The finished runs of \p previous (if a TrainingLabResult) and every remembered run of
/// \p setup's schemes and seeds, as a result to hand runTrainingLab() as its previous one.
std::shared_ptr<const TrainingLabResult> trainingLabKnownRuns(const TrainingLabSetup& setup,
                                                              const JobResult* previous);

/// \brief Run \p scheme × \p seed of \p setup: the remembered one, else the one stored in the
/// disk cache by an earlier process (its file name carries a stamp of the trainer's numbers, so a
/// changed trainer never reads an old run), else trained and evaluated here, on the calling
/// thread alone (threads = 1: no worker of any pool is taken, so a course answer computed on a
/// pool's worker never waits for the panels' jobs on that pool), then remembered and stored.
/// The same training and held-out evaluation as runTrainingLab().
/// \warning Throws as rope::train::validate().
std::shared_ptr<const TrainingLabRun> trainingLabRunHere(const TrainingLabSetup& setup,
                                                         const std::string& scheme, int seed);

/// \brief Empties the memo (tests that must see a run trained), the experiments' too.
void forgetTrainingLabRuns();

/// \brief The finished length experiment / base sweep with this key, or null. The memo keeps
/// the last kTrainingLabMemoExperiments of each (a length experiment is a few hundred numbers).
std::shared_ptr<const TrainingLabLength> rememberedTrainingLabLength(const QVariantMap& key);
std::shared_ptr<const TrainingLabBase> rememberedTrainingLabBase(const QVariantMap& key);
/// \brief Keeps \p experiment if it is finished.
void rememberTrainingLabLength(const std::shared_ptr<const TrainingLabLength>& experiment);
void rememberTrainingLabBase(const std::shared_ptr<const TrainingLabBase>& experiment);

/// Experiments of each kind the memo keeps.
inline constexpr int kTrainingLabMemoExperiments = 32;

/// \brief The length experiment of \p resolved as trainingLabRunHere() gives a run: remembered,
/// else read from the disk cache (same trainer stamp), else run here with threads = 1, then
/// remembered and stored. The course's length answers use it.
/// \warning Throws as rope::train::resolveLengthOptions().
std::shared_ptr<const TrainingLabLength>
trainingLabLengthHere(const rope::train::LengthOptions& resolved);

} // namespace rope::figures
