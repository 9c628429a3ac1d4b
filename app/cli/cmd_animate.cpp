// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli animate: one numeric option or parameter of a panel swept from --from to --to over
// --frames frames, each drawn by the GUI's renderer and written as an animated GIF (giflib),
// MP4 or WebM (through ffmpeg, when installed) or numbered PNGs in a folder
// (ui/render/animation_export.h). Every problem with the request (panel, key, range, frame
// count, output) is found before the first frame is drawn and exits 2 naming it.
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "figures/animation_sweep.h"
#include "figures/figure_registry.h"
#include "ui/render/animation_export.h"

#include <string>

namespace rope::cli {

namespace {

int sizeFlag(const QCommandLineParser& parser, const char* flag, long long lo, long long hi) {
    const QString f = QString::fromLatin1(flag);
    const long long v = parseInteger(parser.value(f), f);
    if (v < lo || v > hi) {
        throw UsageError(std::string("--") + flag + " must be in [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + "], got " + std::to_string(v));
    }
    return static_cast<int>(v);
}

} // namespace

int runAnimate(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Sweep one numeric option or parameter of a panel and write the frames as an animated "
        "GIF, an MP4 or WebM video (needs ffmpeg) or numbered PNGs (frame-0001.png, …) in a "
        "folder. KEY is a numeric option of the panel (rope-cli figure --panel ID "
        "--list-options) or a parameter: m, n, base, factor, context, beta-fast, beta-slow. "
        "Integer keys step by whole numbers; base and log-real options step by equal ratios."));
    addRopeOptions(parser);
    addFigureViewOptions(parser);
    parser.addOptions({
        {QStringLiteral("panel"), QStringLiteral("Panel id (rope-cli figure --list)."),
         QStringLiteral("ID")},
        {QStringLiteral("param"), QStringLiteral("The option or parameter to sweep."),
         QStringLiteral("KEY")},
        {QStringLiteral("from"), QStringLiteral("Value of the first frame."), QStringLiteral("A")},
        {QStringLiteral("to"), QStringLiteral("Value of the last frame."), QStringLiteral("B")},
        {QStringLiteral("frames"),
         QStringLiteral("Number of frames, 2 to 1000."), QStringLiteral("N")},
        {QStringLiteral("fps"),
         QStringLiteral("Frames per second, 1 to 60 (GIF delays are whole hundredths of a "
                        "second; default 10)."),
         QStringLiteral("F"), QStringLiteral("10")},
        {QStringLiteral("out"),
         QStringLiteral("Output: FILE.gif, FILE.mp4, FILE.webm, or DIR/ for PNG frames."),
         QStringLiteral("FILE.gif|FILE.mp4|FILE.webm|DIR/")},
        {QStringLiteral("width"), QStringLiteral("Frame width in pixels (default 800)."),
         QStringLiteral("W"), QStringLiteral("800")},
        {QStringLiteral("height"), QStringLiteral("Frame height in pixels (default 500)."),
         QStringLiteral("H"), QStringLiteral("500")},
        {QStringLiteral("set"),
         QStringLiteral("Panel option KEY=VALUE held for every frame (repeatable), as in "
                        "rope-cli figure."),
         QStringLiteral("KEY=VALUE")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const QString panelId = requiredValue(parser, QStringLiteral("panel"));
    const figures::Figure* figure = figures::findFigure(panelId.toStdString());
    if (figure == nullptr) {
        std::string known;
        for (const figures::Figure& f : figures::allFigures()) {
            known += (known.empty() ? "" : ", ") + std::string(f.id);
        }
        throw UsageError("unknown panel '" + panelId.toStdString() + "' (known: " + known + ")");
    }
    RopeParams params = figureParamsFrom(parser);

    ui::AnimationJob job;
    job.figure = figure;
    job.params = params;
    try {
        job.options = figures::parseOptionAssignments(figures::figureId(*figure),
                                                      figure->options(),
                                                      parser.values(QStringLiteral("set")));
        figures::requireBatchWork(figures::figureId(*figure), figure->options(), job.options);
    } catch (const figures::OptionError& e) {
        throw UsageError(e.what());
    }
    const long long frames =
        parseInteger(requiredValue(parser, QStringLiteral("frames")), QStringLiteral("frames"));
    // Checked here, on the value as given: planSweep() takes an int, and clamping first
    // reported --frames 1000000 as "got 1001".
    if (frames < figures::kMinSweepFrames || frames > figures::kMaxSweepFrames) {
        throw UsageError("--frames must be in [" + std::to_string(figures::kMinSweepFrames) + ", " +
                         std::to_string(figures::kMaxSweepFrames) + "], got " +
                         std::to_string(frames));
    }
    try {
        job.sweep = figures::planSweep(
            *figure, params, requiredValue(parser, QStringLiteral("param")),
            parseDouble(requiredValue(parser, QStringLiteral("from")), QStringLiteral("from")),
            parseDouble(requiredValue(parser, QStringLiteral("to")), QStringLiteral("to")),
            static_cast<int>(frames));
    } catch (const figures::SweepError& e) {
        throw UsageError(e.what());
    }
    job.fps = parseDouble(parser.value(QStringLiteral("fps")), QStringLiteral("fps"));
    if (job.fps < ui::kMinAnimationFps || job.fps > ui::kMaxAnimationFps) {
        throw UsageError("--fps must be in [1, 60], got " + parser.value(QStringLiteral("fps")).toStdString());
    }
    job.size = QSize(sizeFlag(parser, "width", 64, 3840), sizeFlag(parser, "height", 64, 2160));
    job.out = requiredValue(parser, QStringLiteral("out"));
    if (!ui::animationFormatForPath(job.out)) {
        throw UsageError("unknown output format of '" + job.out.toStdString() +
                         "' (use FILE.gif, FILE.mp4, FILE.webm or DIR/ for PNG frames)");
    }
    QStringList written;
    try {
        written = ui::exportAnimation(job);
    } catch (const ui::AnimationError& e) {
        throw UsageError(e.what());
    }
    std::string json = "{\"frames\":" + std::to_string(job.sweep.frames) + ",\"written\":[";
    for (qsizetype k = 0; k < written.size(); ++k) {
        json += (k > 0 ? "," : "") + jsonString(written[k].toStdString());
    }
    printJson(json + "]}");
    return 0;
}

} // namespace rope::cli
