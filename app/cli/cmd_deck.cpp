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
#include <optional>
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
        {QStringLiteral("panels"),
         QStringLiteral("Comma-separated panel ids, one slide each; ID:N is page N of a panel "
                        "with pages (derivation:3)."),
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
        // "derivation:3": page 3 of a panel with pages (its "page" option), one slide.
        const QString item = raw.trimmed();
        const QString id = item.section(QLatin1Char(':'), 0, 0);
        const figures::Figure* figure = figures::findFigure(id.toStdString());
        if (figure == nullptr) {
            unknown << QStringLiteral("'%1'").arg(id);
            continue;
        }
        figures::FigureOptions options;
        if (item.contains(QLatin1Char(':'))) {
            const QString page = item.section(QLatin1Char(':'), 1);
            const figures::OptionSpec* spec = nullptr;
            for (const figures::OptionSpec& o : figure->options()) {
                if (QLatin1String(o.id) == QLatin1String("page")) {
                    spec = &o;
                }
            }
            bool isNumber = false;
            const int n = page.toInt(&isNumber);
            if (spec == nullptr) {
                throw UsageError("panel '" + id.toStdString() + "' has no pages, got '" +
                                 item.toStdString() + "'");
            }
            if (!isNumber || n < spec->min || n > spec->max) {
                throw UsageError("page of '" + item.toStdString() + "' must be an integer in [" +
                                 std::to_string(static_cast<int>(spec->min)) + ", " +
                                 std::to_string(static_cast<int>(spec->max)) + "]");
            }
            options.insert(QStringLiteral("page"), n);
        }
        slides.push_back({figure, {}, options});
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
        const io::SessionLoadResult r = io::loadSession(path);
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
            const QVariant page = s.options.value(QStringLiteral("page"));
            s.options = check.accepted;
            if (page.isValid()) {
                s.options.insert(QStringLiteral("page"), page); // derivation:N wins
            }
        }
    } else {
        const RopeParams params = figureParamsFrom(parser);
        // A slide shows its point by default (an extension slide with a method chosen): the
        // options no one set, and the parameters when no parameter flag was given.
        bool paramsChosen = false;
        for (const QString& flag : parameterFlags()) {
            paramsChosen = paramsChosen || parser.optionNames().contains(flag);
        }
        for (ui::SlideSpec& s : slides) {
            s.params = params;
            s = ui::withSlideDefaults(s, paramsChosen);
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
        "Write the course handout as an A4 PDF in the language given by rope-cli --lang, with a "
        "table of contents. --edition student (the default: what goes to class) puts each "
        "course step's task, question and choices with its figure on one page, without "
        "readouts or solutions, then every panel's lesson; --edition key gives every step's "
        "answer, hints and worked solution."));
    parser.addOptions({
        {QStringLiteral("out"), QStringLiteral("Output PDF file."), QStringLiteral("F.pdf")},
        {QStringLiteral("edition"), QStringLiteral("student (default) or key."),
         QStringLiteral("EDITION"), QStringLiteral("student")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const QString editionId = parser.value(QStringLiteral("edition"));
    const std::optional<ui::HandoutEdition> edition = ui::handoutEditionFromId(editionId);
    if (!edition) {
        throw UsageError("--edition must be student or key, got '" + editionId.toStdString() + "'");
    }
    const QString out = pdfPath(parser);
    write(out, ui::handoutPdf(figures::currentLanguage(), *edition));
    printJson("{\"written\":[" + jsonString(out.toStdString()) +
              "],\"edition\":" + jsonString(editionId.toStdString()) + "}");
    return 0;
}

} // namespace rope::cli
