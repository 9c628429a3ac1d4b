// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>

/// \file figure_text.h
/// FigureText::tr("…") translates a figure's words (titles, axis labels, legend names,
/// readouts) in the context "Figures", like the registry's panel titles. The data functions are
/// free functions, which have no tr() of their own; lupdate reads the context from
/// Q_DECLARE_TR_FUNCTIONS. The source texts stay English, so the CSV of an English run and
/// rope-cli's default output do not change.

namespace rope::figures {

class FigureText {
    Q_DECLARE_TR_FUNCTIONS(Figures)
};

} // namespace rope::figures
