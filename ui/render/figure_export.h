// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/render/draw_figure.h"

#include <QByteArray>
#include <QSize>
#include <QString>

#include <optional>
#include <stdexcept>

class QCustomPlot;

namespace rope::ui {

/// \brief Export file formats; chosen from the file name's extension.
enum class ExportFormat { Png, Svg, Pdf, Csv };

/// \brief A failed export (unwritable path, unknown extension). what() names the path/value.
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// \brief Format for \p path's extension (.png .svg .pdf .csv, any case), or nullopt.
std::optional<ExportFormat> exportFormatForPath(const QString& path);

/// \brief Lower-case extension of a format, without the dot.
QString exportExtension(ExportFormat format);

/// \brief The figure as file bytes. Images draw \p plot as it stands (title, axis labels with
/// units, legend, colour bar) at \p size logical pixels; PNG is rasterised at \p dpi
/// (scale dpi/96, DPI stored in the file); PDF pages are size points. CSV is figureCsv(data).
QByteArray exportBytes(QCustomPlot& plot, const FigureData& data, ExportFormat format, QSize size,
                       int dpi = 96);

/// \brief exportFormatForPath + exportBytes + io::writeFileAtomically().
/// \throws ExportError for an unknown extension or an unwritable path.
void exportFigure(QCustomPlot& plot, const FigureData& data, const QString& path, QSize size,
                  int dpi = 96);

} // namespace rope::ui
