// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compute_pool.h"

#include <QThreadPool>

namespace rope::ui {

QThreadPool& computePool() {
    // Constructed on first use; its destructor at exit waits for a computation still running,
    // as the global pool's does.
    static QThreadPool pool;
    return pool;
}

} // namespace rope::ui
