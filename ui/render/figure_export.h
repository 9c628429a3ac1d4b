// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/render/draw_figure.h"
#include "ui/render/plot_theme.h"

#include <QByteArray>
#include <QSize>
#include <QString>

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

/// \brief exportFormatForPath + exportBytes + io::writeFileAtomically().
/// \throws ExportError for an unknown extension or an unwritable path.
void exportFigure(QCustomPlot& plot, const FigureData& data, const QString& path, QSize size,
                  int dpi = 96);

/// \brief exportFigure with an ExportStyle (scale and theme). \throws ExportError, also for a
/// PNG over the pixel budget (pixelBudgetProblem).
void exportFigure(QCustomPlot& plot, const FigureData& data, const QString& path, QSize size,
                  const ExportStyle& style);

} // namespace rope::ui
