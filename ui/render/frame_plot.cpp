// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/frame_plot.h"

#include <QPaintEvent>

#include <cstdlib>
#include <mutex>
#include <utility>

namespace rope::ui {

namespace {

// The pixels of the plot hidden last, handed to the next plot that needs a buffer. A plot's
// buffer is given back when it is hidden, and a switch hides one panel and shows another:
// without this the new buffer came from wherever the allocator had room (of another size, or
// left idle for minutes), and on the virtual machines that run CI such memory costs tens of
// times more to write (tst_frame_bench coldBuffer). One block is kept, the largest given back;
// it is lent to a buffer that needs no more than it holds and at least half of it.
class SpareFrame {
public:
    /// A block of at least \p bytes; \p capacity receives its size.
    static uchar* take(qsizetype bytes, qsizetype* capacity) {
        const std::lock_guard lock(mutex());
        Block& spare = block();
        if (spare.data != nullptr && spare.capacity >= bytes && spare.capacity <= 2 * bytes) {
            *capacity = spare.capacity;
            return std::exchange(spare.data, nullptr);
        }
        // A quarter more than asked: the panels' plots in one window differ in size by their
        // option rows and lesson panes, and a block with room serves the next one shown too
        // (GUI monkey seed 3100324853: a switch to a plot a little larger than the one hidden
        // took fresh memory, 111 ms).
        *capacity = bytes + bytes / 4;
        return static_cast<uchar*>(std::malloc(static_cast<std::size_t>(*capacity)));
    }

    /// Keeps \p data (of \p capacity bytes) as the spare if it is the larger; frees the other.
    static void give(uchar* data, qsizetype capacity) {
        const std::lock_guard lock(mutex());
        Block& spare = block();
        if (spare.data == nullptr || capacity > spare.capacity) {
            std::free(spare.data);
            spare = Block{data, capacity};
        } else {
            std::free(data);
        }
    }

private:
    struct Block {
        uchar* data = nullptr;
        qsizetype capacity = 0;
    };
    // Never destroyed: a buffer may be given back during the program's exit.
    static Block& block() {
        static Block* const spare = new Block;
        return *spare;
    }
    static std::mutex& mutex() {
        static std::mutex* const m = new std::mutex;
        return *m;
    }
};

// What QImage calls when the last image on a block goes: the block returns to SpareFrame.
struct LentBlock {
    uchar* data;
    qsizetype capacity;
};
void returnBlock(void* info) {
    auto* lent = static_cast<LentBlock*>(info);
    SpareFrame::give(lent->data, lent->capacity);
    delete lent;
}

// An image of \p pixels in \p format on a block from SpareFrame; null when out of memory.
QImage frameImage(QSize pixels, QImage::Format format) {
    if (pixels.isEmpty()) {
        return {};
    }
    const qsizetype stride = static_cast<qsizetype>(pixels.width()) * 4; // 32-bit formats only
    qsizetype capacity = 0;
    uchar* data = SpareFrame::take(stride * pixels.height(), &capacity);
    if (data == nullptr) {
        return {};
    }
    return QImage(data, pixels.width(), pixels.height(), stride, format, &returnBlock,
                  new LentBlock{data, capacity});
}

} // namespace

// QCustomPlot's one paint buffer (the panels draw every layer in it: FigurePanel sets the
// "overlay" layer logical), as an image. QCustomPlot asks every replot to clear it to
// Qt::transparent; where the plot's background is one opaque colour it is cleared to that
// colour instead and kept in a format without alpha, which QPainter copies line by line onto
// the window instead of blending.
class BackgroundPaintBuffer final : public QCPAbstractPaintBuffer {
public:
    BackgroundPaintBuffer(const QSize& size, double ratio, const FramePlot& plot)
        : QCPAbstractPaintBuffer(size, ratio), m_plot(plot) {
        BackgroundPaintBuffer::reallocateBuffer();
    }

    bool opaque() const { return m_opaque && !m_image.isNull(); }
    bool released() const { return m_image.isNull(); }
    const void* memory() const { return m_image.isNull() ? nullptr : m_image.constBits(); }

    /// Gives the pixels back while the plot is hidden; the next replot allocates them again.
    void release() {
        m_image = QImage();
        setInvalidated();
    }

    QCPPainter* startPainting() override { return new QCPPainter(&m_image); }

    void draw(QCPPainter* painter) const override {
        if (painter != nullptr && painter->isActive() && !m_image.isNull()) {
            painter->drawImage(QPointF(0, 0), m_image);
        }
    }

    void clear(const QColor& colour) override {
        const QColor background = m_plot.opaqueBackground();
        // Only a clear to transparency (all QCustomPlot asks for) becomes the background.
        m_opaque = background.isValid() && colour.alpha() == 0;
        const QImage::Format format =
            m_opaque ? QImage::Format_RGB32 : QImage::Format_ARGB32_Premultiplied;
        if (m_image.isNull() || m_image.format() != format) {
            m_format = format;
            reallocateBuffer();
        }
        m_image.fill(m_opaque ? background : colour);
    }

protected:
    void reallocateBuffer() override {
        setInvalidated();
        const QSize pixels = (QSizeF(mSize) * mDevicePixelRatio).toSize();
        // Drop the old image first: at 4K two would be 60 MB alive at once, and its block is
        // the one to reuse.
        m_image = QImage();
        m_image = frameImage(pixels, m_format);
        m_image.setDevicePixelRatio(mDevicePixelRatio);
    }

private:
    const FramePlot& m_plot;
    QImage m_image;
    QImage::Format m_format = QImage::Format_ARGB32_Premultiplied;
    bool m_opaque = false;
};

FramePlot::FramePlot(QWidget* parent) : QCustomPlot(parent) {
    // QCustomPlot makes its buffers when it first replots (queued by its constructor), only
    // while it has none; with this one in place it keeps it, resizes it and clears it.
    mPaintBuffers.clear();
    mPaintBuffers.append(QSharedPointer<QCPAbstractPaintBuffer>(
        new BackgroundPaintBuffer(viewport().size(), bufferDevicePixelRatio(), *this)));
}

QColor FramePlot::opaqueBackground() const {
    if (mBackgroundBrush.style() != Qt::SolidPattern || mBackgroundBrush.color().alpha() != 255 ||
        !background().isNull()) {
        return {};
    }
    return mBackgroundBrush.color();
}

BackgroundPaintBuffer* FramePlot::ownBuffer() const {
    return mPaintBuffers.isEmpty()
               ? nullptr
               : dynamic_cast<BackgroundPaintBuffer*>(mPaintBuffers.first().data());
}

bool FramePlot::holdsFrame() const {
    const BackgroundPaintBuffer* buffer = ownBuffer();
    return buffer != nullptr && !buffer->released();
}

const void* FramePlot::frameMemory() const {
    const BackgroundPaintBuffer* buffer = ownBuffer();
    return buffer != nullptr ? buffer->memory() : nullptr;
}

void FramePlot::hideEvent(QHideEvent* event) {
    QCustomPlot::hideEvent(event);
    if (BackgroundPaintBuffer* buffer = ownBuffer()) {
        buffer->release();
    }
}

void FramePlot::showEvent(QShowEvent* event) {
    QCustomPlot::showEvent(event);
    // Drawn now, before the paint event that follows the show, unless a replot since (the
    // resize a hidden plot catches up on when shown) has drawn it already.
    if (const BackgroundPaintBuffer* buffer = ownBuffer();
        buffer != nullptr && buffer->released()) {
        replot(rpQueuedRefresh);
    }
}

void FramePlot::paintEvent(QPaintEvent* event) {
    // As QCustomPlot::paintEvent, less the fill under an opaque buffer that covers it.
    Q_UNUSED(event);
    QCPPainter painter(this);
    if (!painter.isActive()) {
        return;
    }
    // The first buffer lies under any others: when it is opaque and the viewport's size, the
    // background under it never shows.
    const BackgroundPaintBuffer* first = ownBuffer();
    const bool covered = first != nullptr && first->opaque() && first->size() == viewport().size();
    if (!covered) {
        if (mBackgroundBrush.style() != Qt::NoBrush) {
            painter.fillRect(mViewport, mBackgroundBrush);
        }
        drawBackground(&painter);
    }
    for (const QSharedPointer<QCPAbstractPaintBuffer>& buffer : std::as_const(mPaintBuffers)) {
        buffer->draw(&painter);
    }
}

} // namespace rope::ui
