// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

namespace rope::cli {

int runFigure(const QStringList&) {
    throw UsageError("not available in this build yet");
}

} // namespace rope::cli
