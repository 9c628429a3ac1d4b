// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/figure_export.h"

#include "io/file_access.h"
#include "ui/compute_pool.h"
#include "ui/job_runner.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <cmath>
#include <vector>

namespace rope::ui {

std::optional<ExportFormat> exportFormatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) {
        return ExportFormat::Png;
    }
    if (suffix == QLatin1String("svg")) {
        return ExportFormat::Svg;
    }
    if (suffix == QLatin1String("pdf")) {
        return ExportFormat::Pdf;
    }
    if (suffix == QLatin1String("csv")) {
        return ExportFormat::Csv;
    }
    return std::nullopt;
}

QString exportExtension(ExportFormat format) {
    switch (format) {
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    }
    return {};
}

namespace {
// The vector devices' resolution: QSvgGenerator's default and the one set on QPdfWriter, so one
// plot pixel is one point and the page matches the screen's layout.
constexpr int kVectorDpi = 72;

// A recording whose text is laid out as on a 72-dpi vector device. QPainter resolves a
// point-size font against the device painted on (pixels = points · dpi / 72), so on a plain
// QPicture (the screen's dpi, 96 here) every label would come out a third larger than
// QCustomPlot has always painted it on the SVG generator or the PDF writer. QPicture keeps that
// dpi with each text item it records and lays the text out at it again when replayed.
class VectorRecording : public QPicture {
protected:
    int metric(PaintDeviceMetric m) const override {
        switch (m) {
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return kVectorDpi;
        default:
            return QPicture::metric(m);
        }
    }
};

// What QCustomPlot::toPixmap(w, h, scale) paints, recorded onto \p picture instead of
// rasterised: the same painter modes (no layer cache; above scale 1 cosmetic pens become
// non-cosmetic, so lines thicken with the scale), the background brush, then every layer.
// Vector formats record at scale 1, as QCustomPlot paints an SVG generator or a PDF writer.
void recordPlot(QPicture& picture, QCustomPlot& plot, int w, int h, double scale) {
    QCPPainter painter;
    painter.begin(&picture);
    painter.setMode(QCPPainter::pmNoCaching);
    if (!qFuzzyCompare(scale, 1.0) && scale > 1.0) {
        painter.setMode(QCPPainter::pmNonCosmetic);
    }
    plot.toPainter(&painter, w, h);
    painter.end();
}

// The recorded painting replayed on a vector \p device at 72 dpi. QPicture::play() scales the
// painter by the device's dpi over the system's default dpi (the one a plain QPicture reports),
// a recording being in the default dpi's pixels; this recording's unit is already the device's
// (one plot pixel, one point), so that scale is undone first. False when painting fails.
bool replayOnVectorDevice(const FigureSnapshot& snapshot, QPaintDevice& device) {
    QPainter painter;
    if (!painter.begin(&device)) {
        return false;
    }
    const QPicture reference;
    painter.scale(static_cast<double>(reference.logicalDpiX()) / device.logicalDpiX(),
                  static_cast<double>(reference.logicalDpiY()) / device.logicalDpiY());
    painter.drawPicture(0, 0, snapshot.picture);
    return painter.end();
}

// The SVG or PDF document of a vector snapshot. Runs on the exports' thread: QSvgGenerator is
// reentrant and QPainter may paint a QPrinter (whose PDF engine QPdfWriter is) off the GUI
// thread (Qt, "Thread-Support in Qt Modules"); both are made, used and destroyed here.
QByteArray documentBytes(const FigureSnapshot& snapshot) {
    const int w = snapshot.size.width();
    const int h = snapshot.size.height();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool painted = false;
    if (snapshot.format == ExportFormat::Svg) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        generator.setResolution(kVectorDpi);
        // QSvgGenerator writes the title into <title> verbatim: escape "<", "&" (e.g. "m < L").
        generator.setTitle(snapshot.title.toHtmlEscaped());
        generator.setDescription(QStringLiteral("RoPE Explorer figure"));
        painted = replayOnVectorDevice(snapshot, generator);
    } else {
        // As QCustomPlot::savePdf, but on a QIODevice: one page of w × h points at 72 dpi, so
        // one plot pixel is one point and the layout matches the screen.
        QPdfWriter writer(&buffer);
        writer.setTitle(snapshot.title);
        writer.setCreator(QStringLiteral("RoPE Explorer"));
        writer.setResolution(kVectorDpi);
        writer.setPageSize(
            QPageSize(QSizeF(w, h), QPageSize::Point, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        painted = replayOnVectorDevice(snapshot, writer);
    }
    buffer.close();
    return painted ? bytes : QByteArray();
}

} // namespace

// The recorded painting replayed as toPixmap rasterises it: filled with the opaque background
// first (a 32-bit image without alpha, as toPixmap gives for a solid background), scaled.
QImage rasteriseFigure(const FigureSnapshot& snapshot) {
    const int pw = qRound(snapshot.size.width() * snapshot.scale);
    const int ph = qRound(snapshot.size.height() * snapshot.scale);
    const bool opaque = snapshot.background.isValid() && snapshot.background.alpha() == 255;
    QImage image(pw, ph, opaque ? QImage::Format_RGB32 : QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        return image; // out of memory: reported by the caller as "no data"
    }
    // Text keeps the pixel size it was laid out at when the image has the picture's dpi (a
    // point-size font is resolved against the device painted on).
    image.setDotsPerMeterX(qRound(snapshot.pictureDpiX / 0.0254));
    image.setDotsPerMeterY(qRound(snapshot.pictureDpiY / 0.0254));
    image.fill(opaque ? snapshot.background : QColor(Qt::transparent));
    QPainter painter(&image);
    if (!qFuzzyCompare(snapshot.scale, 1.0)) {
        painter.scale(snapshot.scale, snapshot.scale);
    }
    painter.drawPicture(0, 0, snapshot.picture);
    painter.end();
    return image;
}

namespace {

// The DPI form of the older API: 24…1200 dpi, pixels scaled by dpi/96.
ExportStyle dpiStyle(int dpi) {
    return ExportStyle{.scale = std::clamp(dpi, 24, 1200) / 96.0, .theme = std::nullopt};
}
} // namespace

QByteArray exportBytes(QCustomPlot& plot, const FigureData& data, ExportFormat format, QSize size,
                       int dpi) {
    return exportBytes(plot, data, format, size, dpiStyle(dpi));
}

QByteArray exportBytes(QCustomPlot& plot, const FigureData& data, ExportFormat format, QSize size,
                       const ExportStyle& style) {
    return encodeFigure(snapshotFigure(plot, data, format, size, style));
}

FigureSnapshot snapshotFigure(QCustomPlot& plot, const FigureData& data, ExportFormat format,
                              QSize size, const ExportStyle& style) {
    FigureSnapshot snapshot;
    snapshot.format = format;
    snapshot.size = QSize(std::max(size.width(), 16), std::max(size.height(), 16));
    // 24…1200 dpi, the range exports have always accepted.
    snapshot.scale = std::clamp(style.scale, 0.25, 12.5);
    if (format == ExportFormat::Csv) {
        snapshot.data = data;
        return snapshot;
    }
    const PlotTheme own = plotTheme(plot);
    const bool themed = style.theme && *style.theme != own;
    if (themed) {
        setPlotTheme(plot, *style.theme);
        drawFigure(plot, data);
    }
    const int w = snapshot.size.width();
    const int h = snapshot.size.height();
    if (format == ExportFormat::Png) {
        snapshot.background = plotColours(plotTheme(plot)).background;
        recordPlot(snapshot.picture, plot, w, h, snapshot.scale);
        snapshot.pictureDpiX = snapshot.picture.logicalDpiX();
        snapshot.pictureDpiY = snapshot.picture.logicalDpiY();
    } else {
        VectorRecording recording;
        recordPlot(recording, plot, w, h, 1.0);
        snapshot.picture = static_cast<const QPicture&>(recording);
        snapshot.pictureDpiX = kVectorDpi;
        snapshot.pictureDpiY = kVectorDpi;
        snapshot.title = data.title;
    }
    if (themed) {
        setPlotTheme(plot, own);
        drawFigure(plot, data);
        plot.replot(QCustomPlot::rpQueuedReplot);
    }
    return snapshot;
}

QByteArray encodeFigure(const FigureSnapshot& snapshot) {
    switch (snapshot.format) {
    case ExportFormat::Csv:
        return figureCsv(snapshot.data);
    case ExportFormat::Svg:
    case ExportFormat::Pdf:
        return documentBytes(snapshot);
    case ExportFormat::Png:
        break;
    }
    QImage image = rasteriseFigure(snapshot);
    if (image.isNull()) {
        return {};
    }
    const int dotsPerMeter = static_cast<int>(std::lround(96.0 * snapshot.scale / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    buffer.close();
    return bytes;
}

ExportOutcome writeFigureExport(const FigureSnapshot& snapshot, const QString& path,
                                const std::atomic<bool>& cancel) {
    ExportOutcome outcome{.path = path, .error = {}, .cancelled = false};
    if (cancel.load()) {
        outcome.cancelled = true;
        return outcome;
    }
    const QByteArray bytes = encodeFigure(snapshot);
    if (cancel.load()) {
        outcome.cancelled = true;
        return outcome;
    }
    if (bytes.isEmpty()) {
        outcome.error = QStringLiteral("rendering '%1' produced no data").arg(path);
        return outcome;
    }
    const QString why = io::writeFileAtomically(path, bytes);
    if (!why.isEmpty()) {
        outcome.error = QStringLiteral("cannot write '%1': %2").arg(path, why);
    }
    return outcome;
}

void startFigureExport(FigureSnapshot snapshot, const QString& path,
                       std::shared_ptr<const std::atomic<bool>> cancel, QObject* receiver,
                       std::function<void(const ExportOutcome&)> done) {
    // One runner per export (exports of one window may overlap), owned by the receiver: when
    // the receiver goes, the runner goes and \p done is never called, but the task, which
    // owns its inputs and reads only its own cancel flag (not the runner's), still writes.
    auto* runner = new JobRunner(exportPool(), receiver);
    QObject::connect(runner, &JobRunner::idle, runner, &QObject::deleteLater);
    runner->start([snapshot = std::move(snapshot), path, cancel = std::move(cancel),
                   done = std::move(done)](const RunControl&) -> std::function<void()> {
        ExportOutcome outcome = writeFigureExport(snapshot, path, *cancel);
        if (!done) {
            return {};
        }
        return [done, outcome = std::move(outcome)] { done(outcome); };
    });
}

void waitForFigureExports() {
    waitForExportPool();
}

void exportFigure(QCustomPlot& plot, const FigureData& data, const QString& path, QSize size,
                  int dpi) {
    exportFigure(plot, data, path, size, dpiStyle(dpi));
}

std::string pixelBudgetProblem(QSize size, double scale) {
    const double pixels = static_cast<double>(size.width()) * size.height() * scale * scale;
    if (pixels <= static_cast<double>(kMaxExportPixels)) {
        return {};
    }
    // Concatenated, not QString::arg(): "%4²" reads as placeholder 42 (² is a digit to Qt).
    return "the image would have " + QString::number(pixels, 'f', 0).toStdString() +
           " pixels (width×height×scale² = " + std::to_string(size.width()) + "×" +
           std::to_string(size.height()) + "×" + QString::number(scale, 'g', 6).toStdString() +
           "²), over the budget of " + std::to_string(kMaxExportPixels) +
           " pixels (7680×4320); lower the width, the height or the scale";
}

void exportFigure(QCustomPlot& plot, const FigureData& data, const QString& path, QSize size,
                  const ExportStyle& style) {
    const std::optional<ExportFormat> format = exportFormatForPath(path);
    if (!format) {
        throw ExportError("unknown extension of '" + path.toStdString() +
                          "' (use .png, .svg, .pdf or .csv)");
    }
    if (*format == ExportFormat::Png) {
        if (const std::string problem = pixelBudgetProblem(size, style.scale); !problem.empty()) {
            throw ExportError("cannot export '" + path.toStdString() + "': " + problem);
        }
    }
    const QByteArray bytes = exportBytes(plot, data, *format, size, style);
    if (bytes.isEmpty()) {
        throw ExportError("rendering '" + path.toStdString() + "' produced no data");
    }
    const QString why = io::writeFileAtomically(path, bytes);
    if (!why.isEmpty()) {
        throw ExportError("cannot write '" + path.toStdString() + "': " + why.toStdString());
    }
}

} // namespace rope::ui
