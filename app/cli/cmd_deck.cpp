// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli slides and rope-cli handout: PDF decks through Qt's PDF writer and text layout
// (ui/render/deck_export.h), drawn by the panels' own renderer.
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "figures/figure_registry.h"
#include "figures/language.h"
#include "figures/option_table.h"
#include "io/session.h"
#include "ui/render/deck_export.h"
#include "ui/render/figure_export.h"

#include <QFileInfo>

#include <iostream>
#include <string>
#include <vector>

namespace rope::cli {

namespace {

std::string knownPanelIds() {
    std::string known;
    for (const figures::Figure& f : figures::allFigures()) {
        known += (known.empty() ? "" : ", ") + std::string(f.id);
    }
    return known;
}

// --out must name a .pdf file (a deck has no other format).
QString pdfPath(const QCommandLineParser& parser) {
    const QString path = requiredValue(parser, QStringLiteral("out"));
    if (QFileInfo(path).suffix().toLower() != QLatin1String("pdf")) {
        throw UsageError("--out must name a .pdf file, got '" + path.toStdString() + "'");
    }
    // A missing folder is known before the pages are drawn (a handout takes seconds); other
    // write errors surface when the file is written.
    const QFileInfo folder(QFileInfo(path).absolutePath());
    if (!folder.isDir()) {
        throw UsageError("cannot write '" + path.toStdString() + "': no folder '" +
                         folder.filePath().toStdString() + "'");
    }
    return path;
}

void write(const QString& path, const QByteArray& bytes) {
    try {
        ui::writePdf(path, bytes);
    } catch (const ui::ExportError& e) {
        throw UsageError(e.what());
    }
}

} // namespace

int runSlides(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write a 16:9 PDF slide deck: a title page, then one page per panel with its title, "
        "its parameters and its figure at presentation sizes."));
    addRopeOptions(parser);
    addFigureViewOptions(parser);
    parser.addOptions({
        {QStringLiteral("panels"), QStringLiteral("Comma-separated panel ids, one slide each."),
         QStringLiteral("ID,ID,...")},
        {QStringLiteral("out"), QStringLiteral("Output PDF file."), QStringLiteral("F.pdf")},
        {QStringLiteral("session"),
         QStringLiteral("Use a saved session (.ropex): its parameters and each panel's options."),
         QStringLiteral("FILE")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const QString list = requiredValue(parser, QStringLiteral("panels"));
    std::vector<ui::SlideSpec> slides;
    QStringList unknown;
    for (const QString& raw : list.split(QLatin1Char(','))) {
        const QString id = raw.trimmed();
        const figures::Figure* figure = figures::findFigure(id.toStdString());
        if (figure == nullptr) {
            unknown << QStringLiteral("'%1'").arg(id);
            continue;
        }
        slides.push_back({figure, {}, {}});
    }
    if (!unknown.isEmpty()) {
        throw UsageError("unknown panel " + unknown.join(QStringLiteral(", ")).toStdString() +
                         " (known: " + knownPanelIds() + ")");
    }
    const QString out = pdfPath(parser);

    if (parser.isSet(QStringLiteral("session"))) {
        for (const QString& flag : parameterFlags()) {
            if (parser.optionNames().contains(flag)) {
                throw UsageError("--session cannot be combined with --" + flag.toStdString() +
                                 " (the session fixes the parameters)");
            }
        }
        const QString path = parser.value(QStringLiteral("session"));
        const ui::SessionLoadResult r = ui::loadSession(path);
        if (!r.ok()) {
            throw InvalidParameter("session", "--session '" + path.toStdString() + "': " +
                                                  r.errors.join(QStringLiteral("; ")).toStdString());
        }
        for (const QString& w : r.warnings) {
            std::cerr << "rope-cli: warning: " << path.toStdString() << ": " << w.toStdString()
                      << '\n';
        }
        validate(r.session.params);
        for (ui::SlideSpec& s : slides) {
            const QString id = figures::figureId(*s.figure);
            const figures::OptionCheck check = figures::checkOptions(
                id, s.figure->options(), r.session.panelOptions.value(id).toMap());
            for (const QString& problem : check.problems) {
                std::cerr << "rope-cli: warning: " << problem.toStdString() << '\n';
            }
            s.params = r.session.params;
            s.options = check.accepted;
        }
    } else {
        const RopeParams params = figureParamsFrom(parser);
        for (ui::SlideSpec& s : slides) {
            s.params = params;
        }
    }
    write(out, ui::slidesPdf(slides));
    printJson("{\"written\":[" + jsonString(out.toStdString()) +
              "],\"pages\":" + std::to_string(slides.size() + 1) + "}");
    return 0;
}

int runHandout(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write the course handout as an A4 PDF: every course step with its figure, then every "
        "panel's lesson, in the language given by rope-cli --lang."));
    parser.addOptions({
        {QStringLiteral("out"), QStringLiteral("Output PDF file."), QStringLiteral("F.pdf")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const QString out = pdfPath(parser);
    write(out, ui::handoutPdf(figures::currentLanguage()));
    printJson("{\"written\":[" + jsonString(out.toStdString()) + "]}");
    return 0;
}

} // namespace rope::cli
