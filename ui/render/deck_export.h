// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "figures/figure_data.h"
#include "figures/figure_registry.h"

#include <QSize>
#include <QString>

#include <functional>
#include <vector>

class QCustomPlot;

/// \file deck_export.h
/// Slides and a handout as PDF, through Qt's PDF writer (QPdfWriter) and text layout
/// (QTextDocument): every figure is drawn by the panels' own renderer (drawFigure()), every
/// text is laid out by Qt. Both are written atomically (io::writeFileAtomically).

namespace rope::ui {

/// \brief One slide: a panel in a given state.
struct SlideSpec {
    const figures::Figure* figure = nullptr;
    rope::RopeParams params;
    figures::FigureOptions options;
};

/// \brief Called after each page with (pages done, pages in all); returning false cancels.
using DeckProgress = std::function<bool(int done, int total)>;

/// \brief Size of a slide page in points: 16:9, 13.33 × 7.5 in.
inline constexpr double kSlideWidthPt = 960.0;
inline constexpr double kSlideHeightPt = 540.0;
/// \brief The smallest text on a slide, in points (a projector's legibility floor).
inline constexpr double kSlideMinTextPt = 18.0;
/// \brief The figure's margin at the sides and the bottom of a slide, in points.
inline constexpr double kSlideFigureMarginPt = 12.0;

/// \brief The parameters of \p params as one line ("d = 128, b = 10000, L = 4096, m = 3,
/// n = 10, yarn s = 8 over L₀ = 4096") and the options that differ from the panel's defaults.
QString describeState(const figures::Figure& figure, const rope::RopeParams& params,
                      const figures::FigureOptions& options);

/// \brief The deck as PDF bytes: a title page naming the panels, then one 16:9 page per slide
/// with the panel's title, its parameters and its figure in presentation style (text
/// ≥ kSlideMinTextPt, lines ≥ 2 pt). Empty if \p progress cancelled.
/// \throws rope::InvalidParameter from core on invalid parameters.
QByteArray slidesPdf(const std::vector<SlideSpec>& slides, const DeckProgress& progress = {});

/// \brief Presentation scale of a slide's figure (setPresentationStyle()): the plot's readouts,
/// its smallest text, at kSlideMinTextPt.
double slidePresentationScale();

/// \brief The figure area of a slide under a header \p headerPt points tall, in the plots'
/// logical pixels (the page's device units).
QSize slideFigureSize(double headerPt);

/// \brief Lays \p slide's figure out on \p plot at \p size as its slide draws it (presentation
/// style, light theme, computed for the axis rectangle it gets), for inspection.
/// \throws rope::InvalidParameter from core on invalid parameters.
void layoutSlideFigure(QCustomPlot& plot, const SlideSpec& slide, QSize size);

/// \brief The course handout as PDF bytes in \p language: A4, every course step (title, task,
/// question, the figure of its panel in the step's state, explanation), then the lesson of
/// every panel. Empty if \p progress cancelled.
QByteArray handoutPdf(const QString& language, const DeckProgress& progress = {});

/// \brief Writes \p bytes to \p path atomically. \throws ExportError naming the path.
void writePdf(const QString& path, const QByteArray& bytes);

} // namespace rope::ui
