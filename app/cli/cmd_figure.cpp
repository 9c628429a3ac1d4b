// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli figure: renders a panel's figure headless through the same compute + drawFigure
// path as the GUI (figures/figure_registry.h, ui/render/draw_figure.h), at a fixed size. With --session it renders a
// saved explorer session (io/session.h): the session's parameters and the panel's saved
// options, the panel defaulting to the session's visible one.
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "ui/render/figure_export.h"
#include "figures/figure_registry.h"
#include "io/session.h"
#include "ui/render/figure_export.h"
#include "ui/render/plot_theme.h"

#include <QDir>
#include <qcustomplot.h>

#include <iostream>
#include <string>
#include <vector>

namespace rope::cli {

namespace {

std::string knownPanels() {
    std::string known;
    for (const figures::Figure& f : figures::allFigures()) {
        known += (known.empty() ? "" : ", ") + std::string(f.id);
    }
    return known;
}

const figures::Figure& figureById(const QString& id) {
    const std::string key = id.toStdString();
    if (const figures::Figure* f = figures::findFigure(key)) {
        return *f;
    }
    throw InvalidParameter("panel", "unknown panel '" + key + "' (known: " + knownPanels() + ")");
}

// --set KEY=VALUE, repeatable: the panel's options (e.g. quantity=sin, pair=5, periods=true)
// on top of \p base, each checked against the panel's option table: an unknown key or a bad
// value is an error naming it and the valid keys, range or choices (exit 2).
figures::FigureOptions optionsFor(const figures::Figure& figure, const QCommandLineParser& parser,
                                  figures::FigureOptions base = {}) {
    try {
        figures::FigureOptions options =
            figures::parseOptionAssignments(figures::figureId(figure), figure.options(),
                                            parser.values(QStringLiteral("set")), std::move(base));
        figures::requireBatchWork(figures::figureId(figure), figure.options(), options);
        return options;
    } catch (const figures::OptionError& e) {
        throw UsageError(e.what());
    }
}

// --all --set: each panel takes the keys it has; a key that no panel has is an error.
figures::FigureOptions optionsForAll(const figures::Figure& figure,
                                     const QCommandLineParser& parser) {
    QStringList mine;
    for (const QString& item : parser.values(QStringLiteral("set"))) {
        const QString key = item.left(item.indexOf(QLatin1Char('=')));
        bool known = false;
        for (const figures::Figure& f : figures::allFigures()) {
            known = known || figures::findOption(f.options(), key) != nullptr;
        }
        if (!known) {
            throw UsageError("--set: no panel has an option '" + key.toStdString() + "'");
        }
        if (figures::findOption(figure.options(), key) != nullptr) {
            mine << item;
        }
    }
    try {
        figures::FigureOptions options =
            figures::parseOptionAssignments(figures::figureId(figure), figure.options(), mine);
        figures::requireBatchWork(figures::figureId(figure), figure.options(), options);
        return options;
    } catch (const figures::OptionError& e) {
        throw UsageError(e.what());
    }
}

int dimensionFlag(const QCommandLineParser& parser, const char* flag, long long lo, long long hi) {
    const QString f = QString::fromLatin1(flag);
    const long long v = parseInteger(parser.value(f), f);
    if (v < lo || v > hi) {
        throw InvalidParameter(flag, std::string("--") + flag + " must be in [" +
                                         std::to_string(lo) + ", " + std::to_string(hi) +
                                         "], got " + std::to_string(v));
    }
    return static_cast<int>(v);
}

// --theme light|dark (default light, as printed figures usually are).
ui::PlotTheme themeFlag(const QCommandLineParser& parser) {
    const QString value = parser.value(QStringLiteral("theme"));
    if (const std::optional<ui::PlotTheme> theme = ui::plotThemeFromId(value)) {
        return *theme;
    }
    throw UsageError("--theme must be light or dark, got '" + value.toStdString() + "'");
}

// --scale S (PNG pixel multiplier) or --dpi D (S = D/96); both at once would contradict.
double scaleFlag(const QCommandLineParser& parser) {
    if (!parser.isSet(QStringLiteral("scale"))) {
        return dimensionFlag(parser, "dpi", 24, 1200) / 96.0;
    }
    if (parser.isSet(QStringLiteral("dpi"))) {
        throw UsageError("give --scale or --dpi, not both (--dpi D is --scale D/96)");
    }
    const double scale =
        parseDouble(parser.value(QStringLiteral("scale")), QStringLiteral("scale"));
    if (!(scale >= ui::kMinExportScale && scale <= ui::kMaxExportScale)) {
        throw UsageError("--scale must be in [" + jsonNumber(ui::kMinExportScale) + ", " +
                         jsonNumber(ui::kMaxExportScale) + "], got " +
                         parser.value(QStringLiteral("scale")).toStdString());
    }
    return scale;
}

// Checked before anything is drawn, for every format: the plot itself is width × height
// pixels, and a PNG width × height × scale².
void requireWithinPixelBudget(QSize size, double scale) {
    if (const std::string problem = ui::pixelBudgetProblem(size, scale); !problem.empty()) {
        throw UsageError(problem);
    }
}

std::string writeFigure(const figures::Figure& figure, const RopeParams& params,
                        const ui::FigureOptions& options, const QString& path, QSize size,
                        const ui::PlotTheme theme, double scale) {
    if (!ui::exportFormatForPath(path)) {
        throw UsageError("unknown extension of '" + path.toStdString() +
                         "' (use .png, .svg, .pdf or .csv)");
    }
    QCustomPlot plot;
    plot.resize(size);
    ui::setPlotTheme(plot, theme);
    const ui::FigureData data = ui::renderFigure(plot, figure, params, options);
    try {
        ui::exportFigure(plot, data, path, size,
                         ui::ExportStyle{.scale = scale, .theme = std::nullopt});
    } catch (const ui::ExportError& e) {
        throw UsageError(e.what());
    }
    return path.toStdString();
}

// The session must load without any error: a defaulted field would make the figure look like
// the saved one when it is not.
io::Session sessionFrom(const QString& path) {
    const io::SessionLoadResult r = io::loadSession(path);
    if (!r.ok()) {
        throw InvalidParameter("session", "--session '" + path.toStdString() + "': " +
                                              r.errors.join(QStringLiteral("; ")).toStdString());
    }
    for (const QString& w : r.warnings) {
        std::cerr << "rope-cli: warning: " << path.toStdString() << ": " << w.toStdString() << '\n';
    }
    return r.session;
}

// Flags that set parameters: a session already fixes them all, so mixing is refused rather
// than silently resolved one way or the other.
void rejectParameterFlags(const QCommandLineParser& parser) {
    const QStringList flags = parameterFlags() << QStringLiteral("all");
    for (const QString& flag : flags) {
        // optionNames() holds the options found on the command line (isSet() would throw a
        // warning for an option this subcommand does not define).
        if (parser.optionNames().contains(flag)) {
            throw UsageError("--session cannot be combined with --" + flag.toStdString() +
                             " (the session fixes the parameters; edit it in the explorer)");
        }
    }
}

} // namespace

int runFigure(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Render a panel's figure (the GUI's own renderer) to PNG, SVG, PDF or CSV."));
    addRopeOptions(parser);
    addFigureViewOptions(parser);
    parser.addOptions({
        {QStringLiteral("list"), QStringLiteral("List the panel ids and titles as JSON.")},
        {QStringLiteral("panel"), QStringLiteral("Panel id (see --list)."), QStringLiteral("ID")},
        {QStringLiteral("out"), QStringLiteral("Output file; format from the extension."),
         QStringLiteral("F.png|svg|pdf|csv")},
        {QStringLiteral("all"), QStringLiteral("Render every panel as PNG into --out-dir.")},
        {QStringLiteral("out-dir"), QStringLiteral("Directory for --all."), QStringLiteral("DIR")},
        {QStringLiteral("width"), QStringLiteral("Width in logical pixels (default 1200)."),
         QStringLiteral("W"), QStringLiteral("1200")},
        {QStringLiteral("height"), QStringLiteral("Height in logical pixels (default 800)."),
         QStringLiteral("H"), QStringLiteral("800")},
        {QStringLiteral("dpi"),
         QStringLiteral("PNG resolution; pixels scale by dpi/96 (default 96)."),
         QStringLiteral("DPI"), QStringLiteral("96")},
        {QStringLiteral("scale"),
         QStringLiteral("PNG pixel multiplier in [1, 4]: a WxH figure becomes a (S*W)x(S*H) PNG "
                        "stored at 96*S dpi (instead of --dpi)."),
         QStringLiteral("S")},
        {QStringLiteral("theme"), QStringLiteral("Colours of images: light (default) or dark."),
         QStringLiteral("light|dark"), QStringLiteral("light")},
        {QStringLiteral("session"),
         QStringLiteral("Render a saved session (.ropex): its parameters and the panel's options; "
                        "--panel defaults to the session's visible panel."),
         QStringLiteral("FILE")},
        {QStringLiteral("set"),
         QStringLiteral("Panel option KEY=VALUE (repeatable), e.g. quantity=sin; the keys, "
                        "kinds and ranges are listed by --list-options."),
         QStringLiteral("KEY=VALUE")},
        {QStringLiteral("list-options"),
         QStringLiteral("Print the option table of --panel as JSON: the id, kind, default, "
                        "min, max and choices of every option.")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    if (parser.isSet(QStringLiteral("list"))) {
        std::string json = "[";
        for (const figures::Figure& f : figures::allFigures()) {
            json += (json.size() > 1 ? "," : "") + std::string("{\"id\":") +
                    jsonString(std::string(f.id)) + ",\"title\":" + jsonString(f.title) + "}";
        }
        printJson(json + "]");
        return 0;
    }
    if (parser.isSet(QStringLiteral("list-options"))) {
        const figures::Figure& figure = figureById(requiredValue(parser, QStringLiteral("panel")));
        printJson(
            figures::optionTableJson(figures::figureId(figure), figure.options()).toStdString());
        return 0;
    }

    if (parser.isSet(QStringLiteral("session"))) {
        rejectParameterFlags(parser);
        const io::Session session = sessionFrom(parser.value(QStringLiteral("session")));
        validate(session.params);
        const QString panelId = parser.isSet(QStringLiteral("panel"))
                                    ? parser.value(QStringLiteral("panel"))
                                    : session.activePanel;
        if (panelId.isEmpty()) {
            throw UsageError("the session names no visible panel; give --panel");
        }
        const figures::Figure& figure = figureById(panelId);
        // Unknown keys or bad values (a hand-edited or newer file) are named on stderr and
        // left out; the figure then uses the defaults for them.
        const figures::OptionCheck check = figures::checkOptions(
            panelId, figure.options(), session.panelOptions.value(panelId).toMap());
        for (const QString& problem : check.problems) {
            std::cerr << "rope-cli: warning: " << problem.toStdString() << '\n';
        }
        const figures::FigureOptions& saved = check.accepted;
        const QSize size(dimensionFlag(parser, "width", 200, 8000),
                         dimensionFlag(parser, "height", 150, 8000));
        requireWithinPixelBudget(size, scaleFlag(parser));
        printJson("{\"written\":[" +
                  jsonString(writeFigure(figure, session.params, optionsFor(figure, parser, saved),
                                         requiredValue(parser, QStringLiteral("out")), size,
                                         themeFlag(parser), scaleFlag(parser))) +
                  "]}");
        return 0;
    }

    RopeParams params = figureParamsFrom(parser);
    const QSize size(dimensionFlag(parser, "width", 200, 8000),
                     dimensionFlag(parser, "height", 150, 8000));
    const double scale = scaleFlag(parser);
    requireWithinPixelBudget(size, scale);
    const ui::PlotTheme theme = themeFlag(parser);

    std::string json = "{\"written\":[";
    if (parser.isSet(QStringLiteral("all"))) {
        const QString dir = requiredValue(parser, QStringLiteral("out-dir"));
        if (!QDir().mkpath(dir)) {
            throw UsageError("cannot create directory '" + dir.toStdString() + "'");
        }
        bool first = true;
        for (const figures::Figure& f : figures::allFigures()) {
            const QString id =
                QString::fromLatin1(f.id.data(), static_cast<qsizetype>(f.id.size()));
            const std::string written =
                writeFigure(f, params, optionsForAll(f, parser),
                            QDir(dir).filePath(id + QStringLiteral(".png")), size, theme, scale);
            json += (first ? "" : ",") + jsonString(written);
            first = false;
        }
    } else {
        const figures::Figure& figure = figureById(requiredValue(parser, QStringLiteral("panel")));
        json += jsonString(writeFigure(figure, params, optionsFor(figure, parser),
                                       requiredValue(parser, QStringLiteral("out")), size, theme,
                                       scale));
    }
    printJson(json + "]}");
    return 0;
}

} // namespace rope::cli
