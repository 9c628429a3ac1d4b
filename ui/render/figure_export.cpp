// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/figure_export.h"

#include "io/file_access.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <cmath>

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
QByteArray renderBytes(QCustomPlot& plot, const FigureData& data, ExportFormat format, QSize size,
                       double scale) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    const int w = std::max(size.width(), 16);
    const int h = std::max(size.height(), 16);
    switch (format) {
    case ExportFormat::Csv:
        return figureCsv(data);
    case ExportFormat::Png: {
        // QCustomPlot::savePng takes a file name; toPixmap gives the same picture in memory.
        // toPixmap rounds w·scale and h·scale to whole pixels (qRound).
        QImage image = plot.toPixmap(w, h, scale).toImage();
        const int dotsPerMeter = static_cast<int>(std::lround(96.0 * scale / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        image.save(&buffer, "PNG");
        break;
    }
    case ExportFormat::Svg: {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        // QSvgGenerator writes the title into <title> verbatim: escape "<", "&" (e.g. "m < L").
        generator.setTitle(data.title.toHtmlEscaped());
        generator.setDescription(QStringLiteral("RoPE Explorer figure"));
        QCPPainter painter;
        painter.begin(&generator);
        plot.toPainter(&painter, w, h);
        painter.end();
        break;
    }
    case ExportFormat::Pdf: {
        // As QCustomPlot::savePdf, but on a QIODevice: one page of w × h points at 72 dpi, so
        // one plot pixel is one point and the layout matches the screen.
        QPdfWriter writer(&buffer);
        writer.setTitle(data.title);
        writer.setCreator(QStringLiteral("RoPE Explorer"));
        writer.setResolution(72);
        writer.setPageSize(
            QPageSize(QSizeF(w, h), QPageSize::Point, QString(), QPageSize::ExactMatch));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QCPPainter painter;
        painter.begin(&writer);
        plot.toPainter(&painter, w, h);
        painter.end();
        break;
    }
    }
    buffer.close();
    return bytes;
}

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
    // 24…1200 dpi, the range exports have always accepted.
    const double scale = std::clamp(style.scale, 0.25, 12.5);
    const PlotTheme own = plotTheme(plot);
    if (!style.theme || *style.theme == own || format == ExportFormat::Csv) {
        return renderBytes(plot, data, format, size, scale);
    }
    setPlotTheme(plot, *style.theme);
    drawFigure(plot, data);
    const QByteArray bytes = renderBytes(plot, data, format, size, scale);
    setPlotTheme(plot, own);
    drawFigure(plot, data);
    plot.replot(QCustomPlot::rpQueuedReplot);
    return bytes;
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
