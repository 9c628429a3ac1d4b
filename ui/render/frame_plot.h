// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace rope::ui {

class BackgroundPaintBuffer;

/// The plot widget of the panels and the presenter: a QCustomPlot whose frame buffer holds the
/// background itself.
///
/// Why: QCustomPlot clears its paint buffer to transparent on every replot, and every paint
/// event fills the widget with the background colour and then blends the buffer over it. At a
/// 4K window each of those passes writes 20–30 MB, and they were most of a panel switch's GUI
/// time (`tst_frame_bench panelSwitch`: the clear, the fill and the blend took about 40 % of
/// it, the drawing itself about 5 %). Here the buffer is an opaque image (no alpha channel)
/// cleared to the background colour, so a paint event is one copy of it: no fill, no blend.
/// The pixels are the same: what is drawn over the background is drawn over it directly
/// instead of over transparency first.
///
/// A background that is not one opaque colour (a gradient, a translucent colour, a background
/// pixmap) keeps QCustomPlot's own way: transparent buffer, fill, blend.
///
/// A hidden plot gives its buffer back, and draws it again when shown. Eighteen panels each kept
/// a window-sized buffer (22 MB each at 4K); now only the visible one does, and a panel switch
/// reuses the memory the hidden panel just gave back, which is also the fastest memory to write:
/// on the virtual machines that run CI, memory left untouched for a minute costs about 25 times
/// as much to write again (`docs/PERFORMANCE.md`, "Known costs").
class FramePlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit FramePlot(QWidget* parent = nullptr);

    /// The colour the buffer is cleared to, when the background is one opaque colour and no
    /// pixmap; invalid otherwise.
    QColor opaqueBackground() const;

    /// Whether the plot holds its frame's pixels now (not while hidden).
    bool holdsFrame() const;

    /// Where the frame's pixels are (nullptr while hidden): a plot shown after another was
    /// hidden draws into the memory that one gave back, if it is large enough.
    const void* frameMemory() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    BackgroundPaintBuffer* ownBuffer() const;
};

} // namespace rope::ui
