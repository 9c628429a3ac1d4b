// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compute_pool.h"

#include <QCoreApplication>
#include <QThreadPool>

namespace rope::ui {

QThreadPool& computePool() {
    // Constructed on first use; its destructor at exit waits for a computation still running,
    // as the global pool's does.
    static QThreadPool pool;
    // A task may still be writing a function-local static of another file (the lessons' memo
    // of their numbers) when main() returns; if that static was constructed after the pool, it
    // is destroyed first and the task writes freed memory (tst_accessibility crashed at exit so).
    // Post routines run in QCoreApplication's destructor, before any static is destroyed. Jobs
    // are cancelled by their panels before this (FigurePanel's destructor), so only short
    // tasks are left to wait for.
    static const bool drainedAtExit = [] {
        qAddPostRoutine([] { computePool().waitForDone(); });
        return true;
    }();
    Q_UNUSED(drainedAtExit);
    return pool;
}

} // namespace rope::ui
