// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/render/draw_figure.h"
#include "ui/render/plot_theme.h"

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QPicture>
#include <QSize>
#include <QString>

class QObject;

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

class QCustomPlot;

namespace rope::ui {

/// \brief Export file formats; chosen from the file name's extension.
enum class ExportFormat { Png, Svg, Pdf, Csv };

/// \brief A failed export (unwritable path, unknown extension). what() names the path/value.
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// \brief How an image export looks, independent of the screen: its pixel multiplier and its
/// theme.
struct ExportStyle {
    /// PNG pixels per logical pixel: a W×H figure becomes a round(W·scale)×round(H·scale) PNG
    /// whose stored resolution is 96·scale dpi. Vector formats ignore it.
    double scale = 1.0;
    /// The theme drawn into the file; nullopt keeps the plot's own (the screen's).
    std::optional<PlotTheme> theme = std::nullopt;
};

/// \brief The range the GUI and `rope-cli figure --scale` accept for ExportStyle::scale.
inline constexpr double kMinExportScale = 1.0;
inline constexpr double kMaxExportScale = 4.0;

/// \brief The pixel budget of every image the app writes (figure exports, animation frames):
/// 7680 × 4320 (8K UHD), 133 MB as 32-bit pixels. Past it a decay figure at 8000 × 8000 × 4²
/// ran over 100 s at 4 GB; each side and the scale alone were in range.
inline constexpr long long kMaxExportPixels = 7680LL * 4320LL;

/// \brief Empty when a \p size figure at pixel multiplier \p scale (width × height × scale²
/// pixels) is within kMaxExportPixels, else a sentence naming width×height×scale², the total
/// and the budget.
std::string pixelBudgetProblem(QSize size, double scale);

/// \brief Format for \p path's extension (.png .svg .pdf .csv, any case), or nullopt.
std::optional<ExportFormat> exportFormatForPath(const QString& path);

/// \brief Lower-case extension of a format, without the dot.
QString exportExtension(ExportFormat format);

/// \brief The figure as file bytes. Images draw \p plot as it stands (title, axis labels with
/// units, legend, colour bar) at \p size logical pixels; PNG is rasterised at \p dpi
/// (scale dpi/96, DPI stored in the file); PDF pages are size points. CSV is figureCsv(data).
QByteArray exportBytes(QCustomPlot& plot, const FigureData& data, ExportFormat format, QSize size,
                       int dpi = 96);

/// \brief As above with an explicit pixel multiplier and theme. A theme other than the plot's
/// redraws \p data on \p plot in that theme for the export and then in its own again.
QByteArray exportBytes(QCustomPlot& plot, const FigureData& data, ExportFormat format, QSize size,
                       const ExportStyle& style);

/// \brief A figure frozen for export: what encodeFigure() needs, and no widget. Made on the GUI
/// thread by snapshotFigure(); encoded on any thread, so the slow part of an export (rasterising
/// a PNG of millions of pixels and compressing it, painting an SVG or PDF document and embedding
/// its fonts, formatting a CSV of every cell) leaves the GUI thread (`QCustomPlot` is a QWidget
/// and may only be touched there).
struct FigureSnapshot {
    ExportFormat format = ExportFormat::Png;
    /// Logical pixels of the figure (at least 16 × 16).
    QSize size;
    /// PNG pixels per logical pixel.
    double scale = 1.0;
    /// PNG: the plot's solid background (invalid: none, the image stays transparent under it).
    QColor background;
    /// PNG, SVG, PDF: the plot's painting at size, as QCustomPlot::toPixmap() (PNG) or
    /// QCustomPlot::toPainter() on the vector device (SVG, PDF) paints it, recorded (Qt's
    /// QPicture replays the same QPainter calls onto an image or a document on a worker).
    QPicture picture;
    /// The logical dpi the picture's text was laid out at: the screen's for a PNG, 72 for SVG
    /// and PDF (the vector devices' own, so labels keep the size they always had there).
    int pictureDpiX = 96;
    int pictureDpiY = 96;
    /// SVG, PDF: the document's title (the figure's).
    QString title;
    /// CSV: the drawn data (figureCsv() runs in encodeFigure()).
    FigureData data;
};

/// \brief Freezes \p plot (showing \p data) for an export in \p format at \p size and \p style:
/// cheap (it records drawing calls for PNG, SVG and PDF; it copies the data for CSV).
/// GUI thread only. A theme other than the plot's is drawn for the snapshot, then the plot's own
/// again.
FigureSnapshot snapshotFigure(QCustomPlot& plot, const FigureData& data, ExportFormat format,
                              QSize size, const ExportStyle& style);

/// \brief The file bytes of \p snapshot, exactly as exportBytes() gives them. Any thread.
QByteArray encodeFigure(const FigureSnapshot& snapshot);

/// \brief A PNG snapshot's pixels: round(w·scale) × round(h·scale), the picture QCustomPlot's
/// toPixmap() would give. Any thread. Null when the image cannot be allocated.
QImage rasteriseFigure(const FigureSnapshot& snapshot);

/// \brief How an export started by startFigureExport() ended.
struct ExportOutcome {
    QString path;
    /// Why nothing was written (empty on success and on cancel); the previous file is intact.
    QString error;
    bool cancelled = false;
};

/// \brief Encodes \p snapshot and writes it to \p path (io::writeFileAtomically), on the
/// calling thread. \p cancel, when it turns true before the write, makes the export end
/// without touching the file.
ExportOutcome writeFigureExport(const FigureSnapshot& snapshot, const QString& path,
                                const std::atomic<bool>& cancel);

/// \brief writeFigureExport() on a JobRunner of exportPool() (ui/compute_pool.h: never queued
/// behind the panels' computations); \p done gets the outcome on \p receiver's thread, unless
/// \p receiver is gone by then. The export owns its inputs, so it finishes even if the window
/// that started it is closed: waitForFigureExports() (called before the application ends)
/// waits for every export still running.
void startFigureExport(FigureSnapshot snapshot, const QString& path,
                       std::shared_ptr<const std::atomic<bool>> cancel, QObject* receiver,
                       std::function<void(const ExportOutcome&)> done);

/// \brief Blocks until every export started by startFigureExport() has ended.
void waitForFigureExports();

/// \brief exportFormatForPath + exportBytes + io::writeFileAtomically().
/// \throws ExportError for an unknown extension or an unwritable path.
void exportFigure(QCustomPlot& plot, const FigureData& data, const QString& path, QSize size,
                  int dpi = 96);

/// \brief exportFigure with an ExportStyle (scale and theme). \throws ExportError, also for a
/// PNG over the pixel budget (pixelBudgetProblem).
void exportFigure(QCustomPlot& plot, const FigureData& data, const QString& path, QSize size,
                  const ExportStyle& style);

} // namespace rope::ui
