// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/deck_export.h"

#include "figures/course.h"
#include "figures/figure_unless.h"
#include "figures/lessons.h"
#include "figures/option_table.h"
#include "io/file_access.h"
#include "ui/compute_pool.h"
#include "ui/render/draw_figure.h"
#include "ui/render/figure_export.h"
#include "ui/render/plot_theme.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QBuffer>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QTimer>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>
#include <qcustomplot.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <optional>

namespace rope::ui {

namespace {

// The context of this file's strings in the translations.
class Deck {
    Q_DECLARE_TR_FUNCTIONS(Deck)
};

QString figureTitle(const figures::Figure& figure) {
    return QCoreApplication::translate("Figures", figure.title);
}

// The font every text of a deck uses: the plots' own (one family on every page).
QFont deckFont(double pointSize) {
    QFont font = QApplication::font();
    font.setPointSizeF(pointSize);
    return font;
}

// A QTextDocument laid out at \p width points in the deck's font, for \p device (its
// resolution converts the font's points; the screen's would make the text a third larger).
void prepare(QTextDocument& doc, QPaintDevice* device, const QString& html, double width,
             double pointSize) {
    doc.documentLayout()->setPaintDevice(device);
    doc.setDefaultFont(deckFont(pointSize));
    doc.setDocumentMargin(0);
    doc.setHtml(html);
    doc.setTextWidth(width);
}

QString number(double v) {
    return figures::formatNumber(v);
}

// Asked while a figure is computed: false cancels the export.
using KeepGoing = std::function<bool()>;

// The figure's data for \p plot's size, computed on the compute pool (a base-bound slide runs
// certified b* searches for seconds) while this thread waits in an event loop that asks
// \p keepGoing every 50 ms: the export's Cancel then stops the search inside core's sweep
// (figures::figureDataUnless) instead of after it. nullopt when cancelled.
// \throws what the figure's computation threw (rope::InvalidParameter).
std::optional<FigureData> figureAwaiting(QCustomPlot& plot, const figures::Figure& figure,
                                         const rope::RopeParams& params,
                                         const figures::FigureOptions& options,
                                         const KeepGoing& keepGoing) {
    struct Outcome {
        std::optional<FigureData> data;
        std::exception_ptr failure;
    };
    auto stop = std::make_shared<std::atomic<bool>>(false);
    QFuture<Outcome> future =
        QtConcurrent::run(&computePool(), [&figure, params, options = withPlotSize(plot, options),
                                           stop] {
            Outcome outcome;
            try {
                outcome.data = figures::figureDataUnless(*stop, figure, params, options);
            } catch (...) {
                outcome.failure = std::current_exception();
            }
            return outcome;
        });
    if (keepGoing) {
        QEventLoop loop;
        QFutureWatcher<Outcome> watcher;
        QObject::connect(&watcher, &QFutureWatcher<Outcome>::finished, &loop, &QEventLoop::quit);
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&keepGoing, &stop] {
            if (!keepGoing()) {
                stop->store(true);
            }
        });
        poll.start(50);
        watcher.setFuture(future);
        if (!future.isFinished()) {
            loop.exec();
        }
    }
    Outcome outcome = future.result();
    if (outcome.failure) {
        std::rethrow_exception(outcome.failure);
    }
    return std::move(outcome.data);
}

// A figure drawn by the panels' renderer at \p size logical pixels, presentation style
// \p scale, light theme, onto \p painter at its current origin. False when cancelled.
bool drawPlot(QCPPainter& painter, const figures::Figure& figure, const rope::RopeParams& params,
              const figures::FigureOptions& options, QSize size, double scale,
              const KeepGoing& keepGoing) {
    QCustomPlot plot;
    plot.resize(size);
    setPlotTheme(plot, PlotTheme::Light);
    if (scale != 1.0) {
        setPresentationStyle(plot, scale);
    }
    // Twice: a fresh plot's first layout has no legend column, caption or side plot yet, so
    // the first pass computes for a wider axis rectangle than the page gives it (labels placed
    // for that width run off the axes); the second computes for the one it gets.
    for (int pass = 0; pass < 2; ++pass) {
        const std::optional<FigureData> data =
            figureAwaiting(plot, figure, params, options, keepGoing);
        if (!data) {
            return false;
        }
        drawFigure(plot, *data);
    }
    plot.toPainter(&painter, size.width(), size.height());
    return true;
}

// The figure as an image (nullopt when cancelled).
std::optional<QImage> plotImage(const figures::Figure& figure, const rope::RopeParams& params,
                 const figures::FigureOptions& options, QSize size, double pixelScale,
                 const KeepGoing& keepGoing) {
    QCustomPlot plot;
    plot.resize(size);
    setPlotTheme(plot, PlotTheme::Light);
    // Twice, as in drawPlot().
    for (int pass = 0; pass < 2; ++pass) {
        const std::optional<FigureData> data =
            figureAwaiting(plot, figure, params, options, keepGoing);
        if (!data) {
            return std::nullopt;
        }
        drawFigure(plot, *data);
    }
    return plot.toPixmap(size.width(), size.height(), pixelScale).toImage();
}

} // namespace

QString describeState(const figures::Figure& figure, const rope::RopeParams& params,
                      const figures::FigureOptions& options) {
    QStringList parts;
    parts << QStringLiteral("d = %1").arg(params.headDim);
    if (params.rotaryDim > 0 && params.rotaryDim != params.headDim) {
        parts << Deck::tr("rotary dim %1").arg(params.rotaryDim);
    }
    parts << QStringLiteral("b = %1").arg(number(params.base))
          << QStringLiteral("L = %1").arg(number(static_cast<double>(params.context)))
          << QStringLiteral("m = %1").arg(params.m) << QStringLiteral("n = %1").arg(params.n);
    if (params.scaling.method != "default") {
        parts << Deck::tr("%1, s = %2 over L₀ = %3")
                     .arg(QString::fromStdString(params.scaling.method))
                     .arg(number(params.scaling.factor))
                     .arg(params.scaling.originalContext);
    }
    QString text = parts.join(QStringLiteral(", "));
    QStringList changed;
    for (const figures::OptionSpec& o : figure.options()) {
        const QString id = QString::fromLatin1(o.id);
        if (options.contains(id) && options.value(id) != o.defaultValue &&
            o.control != figures::OptionControl::Hidden) {
            changed << QStringLiteral("%1 = %2").arg(id, options.value(id).toString());
        }
    }
    if (!changed.isEmpty()) {
        text += QStringLiteral("; ") + changed.join(QStringLiteral(", "));
    }
    return text;
}

QByteArray slidesPdf(const std::vector<SlideSpec>& slides, const DeckProgress& progress) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        // 72 dpi: one point per device unit, so a plot's logical pixel is one point and a
        // font of s points is s points on the page.
        QPdfWriter writer(&buffer);
        writer.setTitle(Deck::tr("RoPE Explorer slides"));
        writer.setCreator(QStringLiteral("RoPE Explorer"));
        writer.setResolution(72);
        writer.setPageLayout(QPageLayout(
            QPageSize(QSizeF(kSlideWidthPt, kSlideHeightPt), QPageSize::Point, QString(),
                      QPageSize::ExactMatch),
            QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QCPPainter painter;
        if (!painter.begin(&writer)) {
            return {};
        }
        const int total = static_cast<int>(slides.size()) + 1;
        const double margin = 28.0;
        const double width = kSlideWidthPt - 2 * margin;

        // Title page: what the deck shows, one line per slide.
        QStringList items;
        for (const SlideSpec& s : slides) {
            items << QStringLiteral("<li>%1</li>").arg(figureTitle(*s.figure).toHtmlEscaped());
        }
        QTextDocument title;
        prepare(title, &writer,
                QStringLiteral("<h1 style=\"font-size:40pt\">%1</h1><p>%2</p><ul>%3</ul>")
                    .arg(Deck::tr("Rotary position embeddings").toHtmlEscaped(),
                         Deck::tr("Figures from RoPE Explorer").toHtmlEscaped(), items.join(QString())),
                width, 24);
        painter.save();
        painter.translate(margin, std::max(margin, 0.5 * (kSlideHeightPt - title.size().height())));
        title.drawContents(&painter);
        painter.restore();
        if (progress && !progress(1, total)) {
            painter.end();
            return {};
        }

        int done = 1;
        for (const SlideSpec& s : slides) {
            writer.newPage();
            QTextDocument header;
            prepare(header, &writer,
                    QStringLiteral("<p style=\"font-size:20pt\"><b>%1</b> &nbsp; %2</p>")
                        .arg(figureTitle(*s.figure).toHtmlEscaped(),
                             describeState(*s.figure, s.params, s.options).toHtmlEscaped()),
                    width, 18);
            painter.save();
            painter.translate(margin, 14);
            header.drawContents(&painter);
            painter.restore();
            const double top = 14 + header.size().height() + 6;
            // The plot's smallest text (its readouts, 0.95 of its font) at kSlideMinTextPt.
            const double base = QApplication::font().pointSizeF();
            const double scale = kSlideMinTextPt / (0.95 * (base > 0 ? base : 9.0));
            const QSize size(static_cast<int>(kSlideWidthPt - 2 * 12),
                             static_cast<int>(kSlideHeightPt - top - 10));
            painter.save();
            painter.translate(12, top);
            const KeepGoing keepGoing =
                progress ? KeepGoing([&progress, done, total] { return progress(done, total); })
                         : KeepGoing();
            const bool drawn = drawPlot(painter, *s.figure, s.params, s.options, size, scale,
                                        keepGoing);
            painter.restore();
            if (!drawn) {
                painter.end();
                return {};
            }
            ++done;
            if (progress && !progress(done, total)) {
                painter.end();
                return {};
            }
        }
        painter.end();
    }
    buffer.close();
    return bytes;
}

QByteArray handoutPdf(const QString& language, const DeckProgress& progress) {
    const std::vector<figures::CourseStep>& steps = figures::builtinCourse();
    std::vector<std::string_view> panels;
    for (const figures::Figure& f : figures::allFigures()) {
        panels.push_back(f.id);
    }
    const int total = static_cast<int>(steps.size() + panels.size());
    int done = 0;

    QTextDocument doc;
    doc.setDefaultFont(deckFont(10.5));
    QString html = QStringLiteral("<h1>%1</h1><p>%2</p>")
                       .arg(Deck::tr("Rotary position embeddings: the course").toHtmlEscaped(),
                            Deck::tr("Every step of the guided course with its figure, then the idea "
                               "and the common misconception of every panel.")
                                .toHtmlEscaped());
    // Figures are images at twice their layout size (≈ 190 dpi on the page); the text around
    // them stays text.
    const QSize figureSize(960, 560);
    int index = 0;
    for (const figures::CourseStep& step : steps) {
        ++index;
        const figures::Figure* figure = figures::findFigure(step.panel.toStdString());
        double answer = std::nan("");
        try {
            answer = figures::courseAnswer(step);
        } catch (const figures::CourseError&) {
            // The text then shows the placeholder's fallback; the step is still printed.
        }
        const figures::CourseText text = step.text(language, answer);
        html += QStringLiteral("<h2>%1. %2</h2>")
                    .arg(index)
                    .arg(text.title.toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(Deck::tr("Task:").toHtmlEscaped(), text.task.toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(Deck::tr("Question:").toHtmlEscaped(), text.question.toHtmlEscaped());
        if (figure != nullptr) {
            const QString url = QStringLiteral("step-%1.png").arg(index);
            const KeepGoing keepGoing =
                progress ? KeepGoing([&progress, done, total] { return progress(done, total); })
                         : KeepGoing();
            const std::optional<QImage> image =
                plotImage(*figure, step.params, step.options, figureSize, 2.0, keepGoing);
            if (!image) {
                return {};
            }
            doc.addResource(QTextDocument::ImageResource, QUrl(url), *image);
            html += QStringLiteral("<p align=\"center\"><img src=\"%1\" width=\"%2\"></p>")
                        .arg(url)
                        .arg(figureSize.width() / 2);
        }
        if (!step.choices.empty()) {
            html += QStringLiteral("<ol type=\"A\">");
            for (const figures::CourseChoice& choice : step.choices) {
                html += QStringLiteral("<li>%1</li>")
                            .arg(text.choices.value(choice.id).toHtmlEscaped());
            }
            html += QStringLiteral("</ol>");
        }
        // Hints keyed to the typical wrong answers, then the worked solution: the handout is
        // what a student reads after class, so it carries what the pane shows on request.
        if (!text.hints.isEmpty()) {
            html += QStringLiteral("<p><b>%1</b></p><ul>").arg(Deck::tr("Hints:").toHtmlEscaped());
            for (const figures::CourseHint& hint : step.hints) {
                // "{{value}}" is what the student typed in the pane; here, a typical answer
                // that fires the hint. Each hint is led by the answer it is for: a choice's
                // letter, or the typical number when the text does not name it.
                const double typical = figures::courseHintTypicalValue(step, hint, answer);
                const QString hintText =
                    figures::courseHintText(step, hint.id, language, typical, answer);
                QString lead;
                for (std::size_t c = 0; c < step.choices.size(); ++c) {
                    if (!hint.choice.isEmpty() && step.choices[c].id == hint.choice) {
                        lead = QStringLiteral("<b>%1.</b> ").arg(QChar(char16_t(u'A' + c)));
                    }
                }
                if (lead.isEmpty() && std::isfinite(typical) &&
                    !text.hints.value(hint.id).contains(QStringLiteral("{{value}}"))) {
                    lead = QStringLiteral("<b>%1:</b> ").arg(figures::formatCourseNumber(typical));
                }
                if (!hintText.isEmpty()) {
                    html += QStringLiteral("<li>%1%2</li>").arg(lead, hintText.toHtmlEscaped());
                }
            }
            html += QStringLiteral("</ul>");
        }
        html += QStringLiteral("<p><b>%1</b><br>%2</p>")
                    .arg(Deck::tr("Worked solution:").toHtmlEscaped(),
                         text.solution.toHtmlEscaped().replace(QLatin1Char('\n'),
                                                               QStringLiteral("<br>")));
        if (progress && !progress(++done, total)) {
            return {};
        }
    }
    html += QStringLiteral("<h1>%1</h1>").arg(Deck::tr("The panels' lessons").toHtmlEscaped());
    for (const figures::Figure& f : figures::allFigures()) {
        // The idea and the misconception: the parts of a lesson that stand without the panel.
        const QString lesson = figures::lessonSection(f.id, language, "idea") +
                               figures::lessonSection(f.id, language, "misconception");
        if (!lesson.isEmpty()) {
            html += QStringLiteral("<h2>%1</h2>").arg(figureTitle(f).toHtmlEscaped()) + lesson;
        }
        if (progress && !progress(++done, total)) {
            return {};
        }
    }
    doc.setHtml(html);

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(Deck::tr("Rotary position embeddings: the course"));
        writer.setCreator(QStringLiteral("RoPE Explorer"));
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                         QMarginsF(18, 18, 18, 18), QPageLayout::Millimeter));
        // QTextDocument::print paginates and draws every page through the writer's painter.
        doc.print(&writer);
    }
    buffer.close();
    return bytes;
}

void writePdf(const QString& path, const QByteArray& bytes) {
    if (bytes.isEmpty()) {
        throw ExportError("rendering '" + path.toStdString() + "' produced no data");
    }
    const QString why = io::writeFileAtomically(path, bytes);
    if (!why.isEmpty()) {
        throw ExportError("cannot write '" + path.toStdString() + "': " + why.toStdString());
    }
}

} // namespace rope::ui
