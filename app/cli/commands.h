// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

#include <vector>

namespace rope::cli {

/// One rope-cli subcommand. run() receives ["rope-cli <name>", flags…] and returns the exit
/// status; errors are thrown (UsageError, rope::InvalidParameter) and become exit status 2.
struct Command {
    const char* name;
    const char* summary;
    /// Needs a QApplication (widgets, offscreen rendering) rather than a QCoreApplication.
    bool needsGui;
    int (*run)(const QStringList& args);
};

/// Every subcommand, in help order (table in commands.cpp).
const std::vector<Command>& allCommands();

int runFreqs(const QStringList& args);
int runApply(const QStringList& args);
int runDecay(const QStringList& args);
int runMinBase(const QStringList& args);
int runBenchMinBase(const QStringList& args);
int runIdentity(const QStringList& args);
int runBench(const QStringList& args);
int runFigure(const QStringList& args);
int runLayers(const QStringList& args);
int runMrope(const QStringList& args);
int runKvCache(const QStringList& args);
int runCourse(const QStringList& args);
int runAnimate(const QStringList& args);
int runTranslate(const QStringList& args);
int runEngines(const QStringList& args);
int runDoctor(const QStringList& args);
int runCompare(const QStringList& args);
int runSlides(const QStringList& args);
int runHandout(const QStringList& args);
int runWeights(const QStringList& args);
int runTrain(const QStringList& args);
int runLab(const QStringList& args);
int runBenchTrain(const QStringList& args);

} // namespace rope::cli
