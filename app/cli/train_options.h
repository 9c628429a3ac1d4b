// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/position_schemes.h"
#include "core/train/trainer.h"

#include <QByteArray>
#include <QCommandLineParser>

#include <string>
#include <vector>

/// \file train_options.h
/// The flags that `rope-cli train`, `lab` and `bench-train` share (model, task, optimiser,
/// threads, seeds), declared and parsed in one place so the three read them alike.

namespace rope::cli {

/// The work cap of every training command: layers·d_model²·length·batch·steps summed over the
/// models it trains (and, for `lab`, the fine-tuning steps and the held-out tokens). One unit
/// is roughly one multiply-add of a step's projections per token; the default race (2 layers,
/// d_model 64, length 64, batch 32, 300 steps, 3 seeds × 3 schemes) is 4.5·10¹⁰, about half a
/// minute on two cores. 5·10¹¹ (about ten minutes on one core) keeps a typo from occupying the
/// machine.
inline constexpr double kMaxTrainWork = 5e11;

/// Adds --task --layers --d-model --heads --no-mlp --activation --vocab --offset --steps --batch
/// --length --eval-sequences --base --rotary-fraction --layout --p --seeds --seed --threads --lr
/// --weight-decay --clip, with the defaults of `rope-cli train`.
void addTrainOptions(QCommandLineParser& parser);

/// The TrainOptions the flags of addTrainOptions() give (threads resolved, seed = --seed).
/// \warning Throws InvalidParameter naming the flag for an unparsable or out-of-range value.
rope::train::TrainOptions trainOptionsFrom(const QCommandLineParser& parser);

/// --seeds (1 … 100), --seed (0 … 2^30) and --eval-sequences (1 … 4096), checked.
/// Writes \p bytes to \p path atomically (QSaveFile, io/file_access.h): a full disk or an
/// unwritable folder leaves any previous file intact. \throws InvalidParameter(flag) naming
/// the path and the cause.
void writeAtomically(const std::string& path, const QByteArray& bytes, const char* flag);

/// Prints \p json on stdout and, with --out, writes it (and a newline) there atomically.
void printAndWriteOut(const QCommandLineParser& parser, const std::string& json);

int seedsFrom(const QCommandLineParser& parser);
int firstSeedFrom(const QCommandLineParser& parser);
int evalSequencesFrom(const QCommandLineParser& parser);

/// An integer flag in ±2^30. \warning Throws InvalidParameter(flag).
int intValue(const QCommandLineParser& parser, const char* flag);

/// A comma-separated list of integers 2 … limits::kMaxTrainLength.
/// \warning Throws InvalidParameter(flag) naming the bad item.
std::vector<int> lengthList(const QString& text, const char* flag);

/// A comma-separated list of distinct position schemes.
/// \warning Throws InvalidParameter("schemes") for an unknown id or one named twice.
std::vector<PositionScheme> schemeList(const QString& text);

} // namespace rope::cli
