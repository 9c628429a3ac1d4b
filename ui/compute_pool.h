// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QThreadPool;

namespace rope::ui {

/// \brief The worker threads of the GUI's long work, one per core: JobRunner's tasks
/// (ui/job_runner.h) and the panels' and the animation export's own computations.
///
/// Not QThreadPool::globalInstance(): Qt 6.4's raster engine splits a large fill (a widget's
/// background, a scroll bar, a plot's buffer) into pieces that it runs on the global pool while
/// the GUI thread waits for them. With the panels' computations on that pool, a b* search that
/// takes a minute on every pool thread froze every repaint for that minute (the GUI monkey
/// stood still for over 4 minutes, seed 20261123). The global pool is left to Qt.
QThreadPool& computePool();

/// Runs computePool()'s workers at nice computeWorkerNice() from now on (Linux; elsewhere
/// nothing): below the GUI thread and Qt's own pool, whose threads a large repaint waits for.
/// The application calls it first thing in main (and so does the GUI monkey, which stands in for
/// it). Its threads then never expire; QThreadPool::waitForDone() ends them, and threads made
/// after that run at the process's priority.
void lowerComputePool();

/// The nice value lowerComputePool() gives computePool()'s workers on Linux.
int computeWorkerNice();

/// \brief The exports' own thread (figure_export.h's startFigureExport() runs its JobRunners
/// here), not computePool(): the panels' computations there can hold every thread for minutes
/// (a b* search of a hidden panel), and an export queued behind them waited 80 s (GUI monkey,
/// seed 20653, "export rope-2d as csv"). QThreadPool::waitForDone() on it waits for every
/// export still writing (waitForFigureExports()).
QThreadPool& exportPool();

/// Blocks until exportPool() has nothing left to run.
void waitForExportPool();

} // namespace rope::ui
