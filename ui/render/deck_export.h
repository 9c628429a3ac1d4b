// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "figures/figure_data.h"
#include "figures/figure_registry.h"

#include <QSize>
#include <QString>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

class QCustomPlot;
class QPaintDevice;

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

/// \brief How a deck export reports progress and is cancelled: \ref step is called after each
/// page with (pages done, pages in all) and returning false cancels between pages; \ref cancel,
/// when given, is a flag a Cancel button sets, which also stops a page's figure while it is
/// computed (a base-bound page runs certified searches for seconds) inside core's loops.
struct DeckProgress {
    DeckProgress() = default;
    // Implicit on purpose: a plain step function is a progress without a cancel flag.
    DeckProgress(std::function<bool(int done, int total)> s, // NOLINT
                 const std::atomic<bool>* c = nullptr)
        : step(std::move(s)), cancel(c) {}
    std::function<bool(int done, int total)> step;
    const std::atomic<bool>* cancel = nullptr;
    explicit operator bool() const noexcept { return static_cast<bool>(step); }
    bool operator()(int done, int total) const { return step(done, total); }
};

/// \brief Size of a slide page in points: 16:9, 13.33 × 7.5 in.
inline constexpr double kSlideWidthPt = 960.0;
inline constexpr double kSlideHeightPt = 540.0;
/// \brief The smallest text on a slide, in points (a projector's legibility floor).
inline constexpr double kSlideMinTextPt = 18.0;
/// \brief The figure's margin at the sides and the bottom of a slide, in points.
inline constexpr double kSlideFigureMarginPt = 12.0;

/// \brief The edition of the course handout.
enum class HandoutEdition {
    /// What goes to class: each step's task, question and choices with the figure that
    /// illustrates it on one page (no readouts, which would give answers away), no solutions.
    Student,
    /// The answer key: each step's question, answer, hints and worked solution.
    Key,
};

/// \brief "student" or "key".
QString handoutEditionId(HandoutEdition edition);

/// \brief The edition named \p id ("student", "key"), or nullopt.
std::optional<HandoutEdition> handoutEditionFromId(const QString& id);

/// \brief Where a deck's pages are painted: a device of deckDpi() dots per inch whose size is
/// one page, and the call that starts the next page (QPdfWriter::newPage(), or a test's
/// recording device).
struct DeckTarget {
    QPaintDevice* device = nullptr;
    std::function<bool()> newPage;
};

/// \brief The resolution of a deck's pages: the screen's logical dpi, at which one device
/// unit is one logical pixel of the plots (their text is measured with the screen's metrics).
int deckDpi();

/// \brief Size of a handout page in points: A4.
inline constexpr double kHandoutWidthPt = 595.276;
inline constexpr double kHandoutHeightPt = 841.89;
/// \brief The smallest text of a handout, its figures' included, in points.
inline constexpr double kHandoutMinTextPt = 8.0;

/// \brief The parameters line of a slide's header: what \p figure computes from for \p params
/// and \p options (figures::figureParameters()), typeset and joined by ", ".
QString slideParameters(const figures::Figure& figure, const rope::RopeParams& params,
                        const figures::FigureOptions& options);

/// \brief \p slide in the state its slide shows by default: options the slide leaves unset
/// get values that show the figure's point (the doctor compares with Llama 3.1 8B, the
/// identity shows its residual, precision probes m = 15962); with \p paramsChosen false (no
/// parameter given by the caller) an extension slide also gets a method (YaRN, s = 4 over
/// L₀ = 4096 at L = 16384).
SlideSpec withSlideDefaults(SlideSpec slide, bool paramsChosen);

/// \brief Paints the slides (a title page, then one page per slide) on \p target, 16:9 pages
/// of kSlideWidthPt × kSlideHeightPt. False if \p progress cancelled.
/// \throws rope::InvalidParameter from core on invalid parameters.
bool paintSlides(const DeckTarget& target, const std::vector<SlideSpec>& slides,
                 const DeckProgress& progress = {});

/// \brief Paints the handout's \p edition in \p language on \p target, A4 pages: a title page
/// with the table of contents, then the steps (student: one page per step; key: running text),
/// then (student) the panels' lessons. False if \p progress cancelled.
bool paintHandout(const DeckTarget& target, const QString& language, HandoutEdition edition,
                  const DeckProgress& progress = {});

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

/// \brief The course handout's \p edition as PDF bytes in \p language (paintHandout()).
/// Empty if \p progress cancelled.
QByteArray handoutPdf(const QString& language, HandoutEdition edition,
                      const DeckProgress& progress = {});

/// \brief Writes \p bytes to \p path atomically. \throws ExportError naming the path.
void writePdf(const QString& path, const QByteArray& bytes);

} // namespace rope::ui
