// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/deck_export.h"

#include "figures/course.h"
#include "figures/figure_parameters.h"
#include "figures/figure_unless.h"
#include "figures/lessons.h"
#include "figures/option_table.h"
#include "io/file_access.h"
#include "ui/job_runner.h"
#include "ui/render/draw_figure.h"
#include "ui/render/figure_export.h"
#include "ui/render/plot_theme.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QBuffer>
#include <QCoreApplication>
#include <QEventLoop>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QScreen>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFormat>
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
// Qt sets a sub- or superscript at 2/3 of its font: 7 pt in 10.5 pt text, under the print
// floor. A script is given a font of 12.75 pt first, so it prints at 8.5 pt.
QString printableScripts(QString html) {
    static const QString sup =
        QStringLiteral("<span style=\"vertical-align:super; font-size:12.75pt\">");
    static const QString sub =
        QStringLiteral("<span style=\"vertical-align:sub; font-size:12.75pt\">");
    html.replace(QStringLiteral("<sup>"), sup).replace(QStringLiteral("<sub>"), sub);
    html.replace(QStringLiteral("</sup>"), QStringLiteral("</span>"))
        .replace(QStringLiteral("</sub>"), QStringLiteral("</span>"));
    return html;
}

void prepare(QTextDocument& doc, QPaintDevice* device, const QString& html, double width,
             double pointSize) {
    doc.documentLayout()->setPaintDevice(device);
    doc.setDefaultFont(deckFont(pointSize));
    doc.setDocumentMargin(0);
    doc.setHtml(printableScripts(html));
    doc.setTextWidth(width);
}

// The figure's data for \p plot's size. With a \p cancel flag (an export from the window) it is
// computed on a JobRunner while this thread waits in an event loop that ends when the run has
// finished, so the dialog stays live and its Cancel, which sets the flag, stops the search inside
// core's sweep (figures::figureDataUnless); without one (rope-cli, tests) right here. nullopt when
// cancelled.
// \throws what the figure's computation threw (rope::InvalidParameter).
std::optional<FigureData> figureAwaiting(QCustomPlot& plot, const figures::Figure& figure,
                                         const rope::RopeParams& params,
                                         const figures::FigureOptions& options,
                                         const std::atomic<bool>* cancel) {
    const figures::FigureOptions sized = withPlotSize(plot, options);
    if (cancel == nullptr) {
        const std::atomic<bool> never{false};
        return figures::figureDataUnless(never, figure, params, sized);
    }
    struct Outcome {
        std::optional<FigureData> data;
        std::exception_ptr failure;
    };
    auto outcome = std::make_shared<Outcome>();
    JobRunner runner;
    QEventLoop loop;
    QObject::connect(&runner, &JobRunner::finished, &loop, &QEventLoop::quit);
    QObject::connect(&runner, &JobRunner::failed, &loop, &QEventLoop::quit);
    runner.start([&figure, params, sized, cancel, outcome](const RunControl&) {
        // Caught here, not by the runner: its failed() carries a text, and the caller wants
        // the exception (a refused parameter names its field).
        Outcome result;
        try {
            result.data = figures::figureDataUnless(*cancel, figure, params, sized);
        } catch (...) {
            result.failure = std::current_exception();
        }
        return std::function<void()>([outcome, result = std::move(result)]() mutable {
            *outcome = std::move(result);
        });
    });
    loop.exec();
    if (outcome->failure) {
        std::rethrow_exception(outcome->failure);
    }
    return std::move(outcome->data);
}

// What a page's figure shows of the computed data: a slide leaves off the readouts about how it
// was drawn and keeps at most four; the student handout shows none (a readout often is the
// answer the question asks for).
enum class ReadoutsShown { All, Slide, None };

void keepReadouts(FigureData& data, ReadoutsShown shown) {
    if (shown == ReadoutsShown::All) {
        return;
    }
    std::vector<figures::Readout> kept;
    if (shown == ReadoutsShown::Slide) {
        for (const figures::Readout& r : data.readouts) {
            if (!figures::isDrawingDetail(r) && kept.size() < 4) {
                kept.push_back(r);
            }
        }
    }
    data.readouts = std::move(kept);
}

// The figure drawn by the panels' renderer onto \p plot (already sized), presentation style
// \p scale (none when 1), light theme. With \p captionApart the figure's caption is not drawn
// in the plot but handed back there, for the page to set beside it. The data drawn, or nullopt
// when cancelled.
std::optional<FigureData> layoutPlot(QCustomPlot& plot, const figures::Figure& figure,
                                     const rope::RopeParams& params,
                                     const figures::FigureOptions& options, double scale,
                                     const std::atomic<bool>* cancel, ReadoutsShown shown,
                                     QString* captionApart = nullptr) {
    setPlotTheme(plot, PlotTheme::Light);
    if (scale != 1.0) {
        setPresentationStyle(plot, scale);
    }
    plot.setProperty("ropeLegendOutside", true); // a page cannot be panned: no legend on data
    // Twice: a fresh plot's first layout has no legend column, caption or side plot yet, so
    // the first pass computes for a wider axis rectangle than the page gives it (labels placed
    // for that width run off the axes); the second computes for the one it gets.
    std::optional<FigureData> data;
    for (int pass = 0; pass < 2; ++pass) {
        data = figureAwaiting(plot, figure, params, options, cancel);
        if (!data) {
            return std::nullopt;
        }
        keepReadouts(*data, shown);
        if (captionApart != nullptr) {
            *captionApart = data->caption;
            data->caption.clear();
        }
        drawFigure(plot, *data);
    }
    // Once more at this size: a text that wraps learns its cell's real width from a layout
    // (WrappingText), so the export's own layout pass gives it the height it needs.
    plot.replot(QCustomPlot::rpImmediateRefresh);
    return data;
}

// The plot's text is measured with the screen's font metrics (a QFontMetrics without a device
// uses the primary screen's logical dpi) and drawn at the device's: a page of another
// resolution draws every text at another size than the room laid out for it (at 72 dpi 3/4 of
// it, which left a third of every text's room empty on the slides). So a page has the
// screen's logical resolution: one device unit is one logical pixel of the plots.
int plotDpi() {
    const QScreen* screen = QGuiApplication::primaryScreen();
    const int dpi = screen != nullptr ? qRound(screen->logicalDotsPerInchY()) : 96;
    return dpi > 0 ? dpi : 96;
}

// Device units per point on a deck's page.
double unitsPerPoint() {
    return plotDpi() / 72.0;
}

// A QTextDocument drawn at (\p x, \p y) points, its text width already set.
void drawDocument(QPainter& painter, QTextDocument& doc, double x, double y) {
    const double unit = unitsPerPoint();
    painter.save();
    painter.translate(x * unit, y * unit);
    doc.drawContents(&painter);
    painter.restore();
}

// The height of a laid-out document in points.
double heightPt(const QTextDocument& doc) {
    return doc.size().height() / unitsPerPoint();
}

// Presentation scale of a handout figure: the plot's font at 12.3 pt, so its smallest text (a
// log axis' exponents, which QCustomPlot sets at 2/3 of the tick labels) prints at 8.2 pt,
// above the floor kHandoutMinTextPt.
double handoutPresentationScale() {
    const double base = QApplication::font().pointSizeF();
    return 12.3 / (base > 0 ? base : 9.0);
}

// The correct choice's letter ("B") of a choice step for \p answer, or empty.
QString correctChoiceLetter(const figures::CourseStep& step, double answer) {
    for (std::size_t c = 0; c < step.choices.size(); ++c) {
        if (std::isfinite(answer) && step.choices[c].when.contains(answer)) {
            return QString(QChar(char16_t(u'A' + c)));
        }
    }
    return {};
}

// A step's answer, or NaN when the course cannot compute it (its text then shows the
// placeholder's fallback; the step is still printed).
double stepAnswer(const figures::CourseStep& step) {
    try {
        return figures::courseAnswer(step);
    } catch (const figures::CourseError&) {
        return std::nan("");
    }
}

// A course text as HTML with its math typeset: the texts write powers and indices the way one
// types them ("10 000^(−0.96875)", "e^(i(m−n)θ)", "θ_16", "log_b", "R_{n−m}"); a printed page
// sets them as superscripts and subscripts. Only a single letter takes a subscript, so names
// such as max_position_embeddings stay as they are.
QString typesetHtml(QString html) {
    // ^(…) with one level of parentheses inside, then ^{…}, then ^ and a number or a letter.
    static const QRegularExpression powerParen(QStringLiteral(R"(\^\(((?:[^()]|\([^()]*\))*)\))"));
    static const QRegularExpression powerBrace(QStringLiteral(R"(\^\{([^{}]*)\})"));
    static const QRegularExpression powerAtom(
        QStringLiteral(R"(\^([−\-]?[0-9]+(?:\.[0-9]+)?|[A-Za-z])\b)"));
    static const QRegularExpression indexBrace(
        QStringLiteral(R"((?<![A-Za-z0-9_])([A-Za-zα-ω])_\{([^{}]*)\})"));
    static const QRegularExpression indexAtom(QStringLiteral(
        R"((?<![A-Za-z0-9_])([A-Za-zα-ω]|log)_([0-9]+|[A-Za-z](?![A-Za-z0-9_]))(?![A-Za-z0-9_]))"));
    html.replace(powerParen, QStringLiteral("<sup>\\1</sup>"));
    html.replace(powerBrace, QStringLiteral("<sup>\\1</sup>"));
    html.replace(powerAtom, QStringLiteral("<sup>\\1</sup>"));
    html.replace(indexBrace, QStringLiteral("\\1<sub>\\2</sub>"));
    html.replace(indexAtom, QStringLiteral("\\1<sub>\\2</sub>"));
    return html;
}

QString typesetMath(const QString& text) {
    return typesetHtml(text.toHtmlEscaped());
}

QString paragraphs(const QString& text) {
    return typesetMath(text).replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}

// The running text of a handout: a QTextDocument laid out in pages of the text area, and the
// page (0-based, within the document) of each block that starts an entry of the contents.
struct FlowingText {
    std::unique_ptr<QTextDocument> doc;
    int pages = 0;
};

// Lays \p html out in pages of \p widthPt × \p heightPt points (QTextDocument moves a block
// that would cross a page's end to the next page).
FlowingText layOutFlowing(QPaintDevice* device, const QString& html, double widthPt,
                          double heightPt, double pointSize) {
    const double unit = unitsPerPoint();
    FlowingText out;
    out.doc = std::make_unique<QTextDocument>();
    prepare(*out.doc, device, html, widthPt * unit, pointSize);
    out.doc->setPageSize(QSizeF(widthPt * unit, heightPt * unit));
    out.pages = std::max(1, out.doc->pageCount());
    return out;
}

// The page (0-based, within \p text) of the block holding the anchor \p name.
int pageOfAnchor(const FlowingText& text, const QString& name, double heightPt) {
    for (QTextBlock b = text.doc->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat f = it.fragment().charFormat();
            if (f.isAnchor() && f.anchorNames().contains(name)) {
                const double top = text.doc->documentLayout()->blockBoundingRect(b).top();
                return static_cast<int>(top / (heightPt * unitsPerPoint()));
            }
        }
    }
    return 0;
}

// Page \p page of \p text at (\p x, \p y) points, clipped to the page's text area.
void drawFlowingPage(QPainter& painter, const FlowingText& text, int page, double x, double y,
                     double widthPt, double heightPt) {
    const double unit = unitsPerPoint();
    painter.save();
    painter.translate(x * unit, (y - page * heightPt) * unit);
    // A device unit in from the page's top and bottom: a line that pagination moved to the
    // next page starts exactly at this page's end, and would be drawn (clipped) on both.
    const QRectF clip(0, page * heightPt * unit + 1, widthPt * unit, heightPt * unit - 2);
    text.doc->drawContents(&painter, clip);
    painter.restore();
}

// The handout's page geometry in points.
constexpr double kHandoutMarginPt = 50.0;
constexpr double kHandoutTextWidthPt = kHandoutWidthPt - 2 * kHandoutMarginPt;
constexpr double kHandoutFooterPt = 24.0;
constexpr double kHandoutTextHeightPt = kHandoutHeightPt - 2 * kHandoutMarginPt - kHandoutFooterPt;
constexpr double kHandoutBodyPt = 10.5;

// The page number and the edition's name at the foot of a handout page, at 8.5 pt.
void drawFooter(QPainter& painter, const QString& edition, int pageNumber) {
    QTextDocument foot;
    prepare(foot, painter.device(),
            QStringLiteral("<p align=\"center\" style=\"color:#555\">%1 · %2</p>")
                .arg(edition.toHtmlEscaped(), Deck::tr("page %1").arg(pageNumber)),
            kHandoutTextWidthPt * unitsPerPoint(), 8.5);
    drawDocument(painter, foot, kHandoutMarginPt, kHandoutHeightPt - kHandoutMarginPt);
}

// The title page's contents: one row per entry, its page on the right.
struct ContentsEntry {
    QString title;
    int page = 0;
};

QString contentsHtml(const QString& title, const QString& subtitle,
                     const std::vector<ContentsEntry>& entries) {
    QString rows;
    for (const ContentsEntry& e : entries) {
        rows += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td></tr>")
                    .arg(e.title.toHtmlEscaped())
                    .arg(e.page);
    }
    return QStringLiteral("<h1 style=\"font-size:20pt\">%1</h1><p>%2</p><h2>%3</h2>"
                          "<table width=\"100%\" cellspacing=\"0\" cellpadding=\"2\">%4</table>")
        .arg(title.toHtmlEscaped(), subtitle.toHtmlEscaped(), Deck::tr("Contents").toHtmlEscaped(),
             rows);
}

} // namespace

int deckDpi() {
    return plotDpi();
}

QString handoutEditionId(HandoutEdition edition) {
    return edition == HandoutEdition::Key ? QStringLiteral("key") : QStringLiteral("student");
}

std::optional<HandoutEdition> handoutEditionFromId(const QString& id) {
    if (id == QLatin1String("student")) {
        return HandoutEdition::Student;
    }
    if (id == QLatin1String("key")) {
        return HandoutEdition::Key;
    }
    return std::nullopt;
}

QString slideParameters(const figures::Figure& figure, const rope::RopeParams& params,
                        const figures::FigureOptions& options) {
    QStringList parts;
    for (const figures::FigureParameter& p : figures::figureParameters(figure, params, options)) {
        parts << p.text;
    }
    return parts.join(QStringLiteral(", "));
}

SlideSpec withSlideDefaults(SlideSpec slide, bool paramsChosen) {
    if (slide.figure != nullptr) {
        figures::applySlideDefaults(*slide.figure, paramsChosen, slide.params, slide.options);
    }
    return slide;
}

double slidePresentationScale() {
    // The plot's smallest text (its readouts, 0.95 of its font) at kSlideMinTextPt.
    const double base = QApplication::font().pointSizeF();
    return kSlideMinTextPt / (0.95 * (base > 0 ? base : 9.0));
}

QSize slideFigureSize(double headerPt) {
    const double unit = plotDpi() / 72.0;
    return {static_cast<int>((kSlideWidthPt - 2 * kSlideFigureMarginPt) * unit),
            static_cast<int>((kSlideHeightPt - headerPt - kSlideFigureMarginPt) * unit)};
}

void layoutSlideFigure(QCustomPlot& plot, const SlideSpec& slide, QSize size) {
    plot.resize(size);
    layoutPlot(plot, *slide.figure, slide.params, slide.options, slidePresentationScale(), {},
               ReadoutsShown::Slide);
}

bool paintSlides(const DeckTarget& target, const std::vector<SlideSpec>& slides,
                 const DeckProgress& progress) {
    // Lengths below are in points, times \c unit on the device.
    const double unit = unitsPerPoint();
    QCPPainter painter;
    if (!painter.begin(target.device)) {
        return false;
    }
    const int total = static_cast<int>(slides.size()) + 1;
    const double margin = 28.0;
    const double width = kSlideWidthPt - 2 * margin;

    // Title page: what the deck shows, in as many columns as the list needs to fit the page
    // (at most 7 rows a column at 20 pt; the font goes down to the slides' floor, 18 pt, and
    // a fourth column is added before the list may run off).
    QStringList titles;
    for (const SlideSpec& s : slides) {
        titles << figureTitle(*s.figure).toHtmlEscaped();
    }
    const auto titleHtml = [&titles](int columns) {
        const int rows = (static_cast<int>(titles.size()) + columns - 1) / std::max(columns, 1);
        QString table = QStringLiteral("<table width=\"100%\" cellpadding=\"3\">");
        for (int r = 0; r < rows; ++r) {
            table += QStringLiteral("<tr>");
            for (int c = 0; c < columns; ++c) {
                const int k = c * rows + r;
                table += QStringLiteral("<td width=\"%1%\">%2</td>")
                             .arg(100 / columns)
                             .arg(k < titles.size() ? QStringLiteral("• ") + titles[k] : QString());
            }
            table += QStringLiteral("</tr>");
        }
        table += QStringLiteral("</table>");
        return QStringLiteral("<h1 style=\"font-size:40pt\">%1</h1><p>%2</p>%3")
            .arg(Deck::tr("Rotary position embeddings").toHtmlEscaped(),
                 Deck::tr("Figures from RoPE Explorer").toHtmlEscaped(), table);
    };
    QTextDocument title;
    int columns = std::clamp((static_cast<int>(titles.size()) + 6) / 7, 1, 3);
    double titleFont = 20.0;
    prepare(title, target.device, titleHtml(columns), width * unit, titleFont);
    while (heightPt(title) > kSlideHeightPt - 2 * margin &&
           (titleFont > kSlideMinTextPt || columns < 4)) {
        if (titleFont > kSlideMinTextPt) {
            titleFont = kSlideMinTextPt;
        } else {
            ++columns;
        }
        prepare(title, target.device, titleHtml(columns), width * unit, titleFont);
    }
    drawDocument(painter, title, margin,
                 std::max(margin, 0.5 * (kSlideHeightPt - heightPt(title))));
    if (progress && !progress(1, total)) {
        painter.end();
        return false;
    }

    int done = 1;
    for (const SlideSpec& s : slides) {
        if (!target.newPage()) {
            painter.end();
            return false;
        }
        QTextDocument header;
        prepare(header, target.device,
                QStringLiteral("<p><span style=\"font-size:24pt\"><b>%1</b></span> &nbsp; %2</p>")
                    .arg(figureTitle(*s.figure).toHtmlEscaped(),
                         slideParameters(*s.figure, s.params, s.options).toHtmlEscaped()),
                width * unit, kSlideMinTextPt);
        drawDocument(painter, header, margin, 14);
        const double top = 14 + heightPt(header) + 6;
        QSize size = slideFigureSize(top);
        auto plot = std::make_unique<QCustomPlot>();
        plot->resize(size);
        // A figure with pages (the derivation) is a text with a picture per page: its caption
        // is the page's prose, set beside the figure. Another figure's caption is a note that
        // stays in its plot.
        const figures::OptionTable& table = s.figure->options();
        const bool paged = std::any_of(table.begin(), table.end(), [](const auto& o) {
            return QLatin1String(o.id) == QLatin1String("page");
        });
        QString caption;
        if (!layoutPlot(*plot, *s.figure, s.params, s.options, slidePresentationScale(), progress.cancel,
                        ReadoutsShown::Slide, paged ? &caption : nullptr)) {
            painter.end();
            return false;
        }
        if (!caption.isEmpty()) {
            // The figure's prose (a derivation step) as a column of the page right of the
            // figure, laid out by the page at the slides' text size: inside the plot it was one
            // more cell of its layout, which gave it less height than its text needed and ran
            // it into the readouts. The column is as narrow as lets the text fit the height.
            const double available = kSlideHeightPt - top - kSlideFigureMarginPt;
            const double figureWidth = kSlideWidthPt - 2 * kSlideFigureMarginPt;
            QTextDocument prose;
            double columnPt = 0;
            for (const double share : {0.34, 0.38, 0.42, 0.46, 0.5, 0.55}) {
                columnPt = share * figureWidth;
                prepare(prose, target.device, QStringLiteral("<p>%1</p>").arg(paragraphs(caption)),
                        columnPt * unit, kSlideMinTextPt);
                if (heightPt(prose) <= available) {
                    break;
                }
            }
            drawDocument(painter, prose, kSlideWidthPt - kSlideFigureMarginPt - columnPt, top);
            size = slideFigureSize(top);
            size.setWidth(static_cast<int>((figureWidth - columnPt - kSlideFigureMarginPt) * unit));
            // A fresh plot: the presentation style scales the plot's fonts it finds.
            plot = std::make_unique<QCustomPlot>();
            plot->resize(size);
            if (!layoutPlot(*plot, *s.figure, s.params, s.options, slidePresentationScale(),
                            progress.cancel, ReadoutsShown::Slide, &caption)) {
                painter.end();
                return false;
            }
        }
        painter.save();
        painter.translate(kSlideFigureMarginPt * unit, top * unit);
        plot->toPainter(&painter, size.width(), size.height());
        painter.restore();
        ++done;
        if (progress && !progress(done, total)) {
            painter.end();
            return false;
        }
    }
    painter.end();
    return true;
}

QByteArray slidesPdf(const std::vector<SlideSpec>& slides, const DeckProgress& progress) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(Deck::tr("RoPE Explorer slides"));
        writer.setCreator(QStringLiteral("RoPE Explorer"));
        writer.setResolution(plotDpi());
        writer.setPageLayout(QPageLayout(
            QPageSize(QSizeF(kSlideWidthPt, kSlideHeightPt), QPageSize::Point, QString(),
                      QPageSize::ExactMatch),
            QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        ok = paintSlides({&writer, [&writer] { return writer.newPage(); }}, slides, progress);
    }
    buffer.close();
    return ok ? bytes : QByteArray();
}

bool paintHandout(const DeckTarget& target, const QString& language, HandoutEdition edition,
                  const DeckProgress& progress) {
    const std::vector<figures::CourseStep>& steps = figures::builtinCourse();
    const bool student = edition == HandoutEdition::Student;
    const int lessonsWork = student ? static_cast<int>(figures::allFigures().size()) : 0;
    const int total = static_cast<int>(steps.size()) + lessonsWork;
    const double unit = unitsPerPoint();
    QPaintDevice* device = target.device;
    const QString editionName = student ? Deck::tr("Student sheets") : Deck::tr("Answer key");
    const QString documentTitle = Deck::tr("Rotary position embeddings: the course");

    std::vector<double> answers;
    std::vector<figures::CourseText> texts;
    for (const figures::CourseStep& step : steps) {
        answers.push_back(stepAnswer(step));
        texts.push_back(step.text(language, answers.back()));
    }

    // The running text: the key's steps, or the student edition's lessons.
    QString flowingHtml;
    if (student) {
        flowingHtml =
            QStringLiteral("<h1>%1</h1>").arg(Deck::tr("The panels' lessons").toHtmlEscaped());
        for (const figures::Figure& f : figures::allFigures()) {
            // The idea and the misconception: the parts of a lesson that stand without the
            // panel.
            const QString lesson =
                typesetHtml(figures::lessonSection(f.id, language, "idea") +
                            figures::lessonSection(f.id, language, "misconception"));
            if (!lesson.isEmpty()) {
                flowingHtml +=
                    QStringLiteral("<h2>%1</h2>").arg(figureTitle(f).toHtmlEscaped()) + lesson;
            }
        }
    } else {
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const figures::CourseStep& step = steps[k];
            const figures::CourseText& text = texts[k];
            const double answer = answers[k];
            flowingHtml += QStringLiteral("<h2><a name=\"step-%1\">%1. %2</a></h2>")
                               .arg(k + 1)
                               .arg(typesetMath(text.title));
            flowingHtml +=
                QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(Deck::tr("Question:").toHtmlEscaped(), typesetMath(text.question));
            if (!step.choices.empty()) {
                flowingHtml += QStringLiteral("<ol type=\"A\">");
                for (const figures::CourseChoice& choice : step.choices) {
                    flowingHtml += QStringLiteral("<li>%1</li>")
                                       .arg(typesetMath(text.choices.value(choice.id)));
                }
                flowingHtml += QStringLiteral("</ol>");
                const QString letter = correctChoiceLetter(step, answer);
                if (!letter.isEmpty()) {
                    flowingHtml += QStringLiteral("<p><b>%1</b> %2</p>")
                                       .arg(Deck::tr("Answer:").toHtmlEscaped(), letter);
                }
            } else if (std::isfinite(answer)) {
                flowingHtml += QStringLiteral("<p><b>%1</b> %2</p>")
                                   .arg(Deck::tr("Answer:").toHtmlEscaped(),
                                        figures::formatCourseNumber(answer).toHtmlEscaped());
            }
            // Hints keyed to the typical wrong answers, each led by the answer it is for: a
            // choice's letter, or the typical number when the text does not name it.
            if (!text.hints.isEmpty()) {
                flowingHtml +=
                    QStringLiteral("<p><b>%1</b></p><ul>").arg(Deck::tr("Hints:").toHtmlEscaped());
                for (const figures::CourseHint& hint : step.hints) {
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
                        lead = QStringLiteral("<b>%1:</b> ")
                                   .arg(figures::formatCourseNumber(typical).toHtmlEscaped());
                    }
                    if (!hintText.isEmpty()) {
                        flowingHtml +=
                            QStringLiteral("<li>%1%2</li>").arg(lead, typesetMath(hintText));
                    }
                }
                flowingHtml += QStringLiteral("</ul>");
            }
            // The label is a block of its own: a block that runs onto the next page is drawn,
            // clipped, on both, and a PDF's text keeps the clipped copy.
            flowingHtml +=
                QStringLiteral("<p><b>%1</b></p><p>%2</p>")
                    .arg(Deck::tr("Worked solution:").toHtmlEscaped(), paragraphs(text.solution));
        }
    }
    const FlowingText flowing = layOutFlowing(device, flowingHtml, kHandoutTextWidthPt,
                                              kHandoutTextHeightPt, kHandoutBodyPt);

    // The contents: as many pages as they take, then the body. Page numbers count from 1
    // at the first (contents) page; a first layout with placeholder numbers gives the
    // contents' own length (the numbers' digits do not change it).
    const auto entries = [&](int contentsPages) {
        std::vector<ContentsEntry> out;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const int page = student
                                 ? contentsPages + static_cast<int>(k) + 1
                                 : contentsPages + 1 +
                                       pageOfAnchor(flowing, QStringLiteral("step-%1").arg(k + 1),
                                                    kHandoutTextHeightPt);
            out.push_back({QStringLiteral("%1. %2").arg(k + 1).arg(texts[k].title), page});
        }
        if (student) {
            out.push_back({Deck::tr("The panels' lessons"),
                           contentsPages + static_cast<int>(steps.size()) + 1});
        }
        return out;
    };
    const QString subtitle =
        student ? Deck::tr("Student sheets: every step of the guided course with the figure it "
                           "asks about, one step a page. The answers are in the answer key.")
                : Deck::tr("Answer key: every step's answer, the hints for the typical wrong "
                           "answers and the worked solution.");
    // The contents at 9.5 pt: the 40 steps and the lessons fit one page.
    const double contentsPt = 9.5;
    FlowingText contents = layOutFlowing(device, contentsHtml(documentTitle, subtitle, entries(1)),
                                         kHandoutTextWidthPt, kHandoutTextHeightPt, contentsPt);
    const int contentsPages = contents.pages;
    contents = layOutFlowing(device, contentsHtml(documentTitle, subtitle, entries(contentsPages)),
                             kHandoutTextWidthPt, kHandoutTextHeightPt, contentsPt);

    QCPPainter painter;
    if (!painter.begin(device)) {
        return false;
    }
    int pageNumber = 0;
    const auto startPage = [&]() {
        if (pageNumber > 0 && !target.newPage()) {
            return false;
        }
        ++pageNumber;
        drawFooter(painter, editionName, pageNumber);
        return true;
    };
    for (int p = 0; p < contents.pages; ++p) {
        if (!startPage()) {
            painter.end();
            return false;
        }
        drawFlowingPage(painter, contents, p, kHandoutMarginPt, kHandoutMarginPt,
                        kHandoutTextWidthPt, kHandoutTextHeightPt);
    }

    int done = 0;
    if (student) {
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const figures::CourseStep& step = steps[k];
            const figures::CourseText& text = texts[k];
            if (!startPage()) {
                painter.end();
                return false;
            }
            QString belowHtml;
            if (!step.choices.empty()) {
                belowHtml = QStringLiteral("<ol type=\"A\">");
                for (const figures::CourseChoice& choice : step.choices) {
                    belowHtml += QStringLiteral("<li>%1</li>")
                                     .arg(typesetMath(text.choices.value(choice.id)));
                }
                belowHtml += QStringLiteral("</ol>");
            } else {
                belowHtml = QStringLiteral("<p><b>%1</b> ______________________</p>")
                                .arg(Deck::tr("Your answer:").toHtmlEscaped());
            }
            // The question, the figure and the choices share the page: a long text is set a
            // little smaller (down to 9 pt) before the figure gets less than 220 pt.
            QTextDocument above;
            QTextDocument below;
            const double gap = 8.0;
            double room = 0.0;
            for (const double size : {kHandoutBodyPt, 9.5, 9.0}) {
                prepare(above, device,
                        QStringLiteral("<h2>%1. %2</h2><p><b>%3</b> %4</p><p><b>%5</b> %6</p>")
                            .arg(k + 1)
                            .arg(typesetMath(text.title), Deck::tr("Task:").toHtmlEscaped(),
                                 typesetMath(text.task), Deck::tr("Question:").toHtmlEscaped(),
                                 typesetMath(text.question)),
                        kHandoutTextWidthPt * unit, size);
                prepare(below, device, belowHtml, kHandoutTextWidthPt * unit, size);
                room = kHandoutTextHeightPt - heightPt(above) - heightPt(below) - 2 * gap;
                if (room >= 220.0) {
                    break;
                }
            }
            drawDocument(painter, above, kHandoutMarginPt, kHandoutMarginPt);
            // The figure takes the room between the question and the choices, at most 0.9 of
            // the text width tall, drawn as vectors.
            const double figureHeight = std::clamp(room, 160.0, kHandoutTextWidthPt * 0.9);
            const double figureTop = kHandoutMarginPt + heightPt(above) + gap;
            const figures::Figure* figure = figures::findFigure(step.panel.toStdString());
            double belowTop = figureTop;
            if (figure != nullptr) {
                const QSize size(static_cast<int>(kHandoutTextWidthPt * unit),
                                 static_cast<int>(figureHeight * unit));
                QCustomPlot plot;
                plot.resize(size);
                // Without the figure's caption: a derivation page's prose explains the step it
                // draws, which is the answer a student sheet asks for (page 9's says that sin
                // alone depends on m + n, step 8's answer), and it is not the sheet's text.
                QString prose;
                if (!layoutPlot(plot, *figure, step.params, step.options,
                                handoutPresentationScale(), progress.cancel, ReadoutsShown::None,
                                &prose)) {
                    painter.end();
                    return false;
                }
                painter.save();
                painter.translate(kHandoutMarginPt * unit, figureTop * unit);
                plot.toPainter(&painter, size.width(), size.height());
                painter.restore();
                belowTop = figureTop + figureHeight + gap;
            }
            drawDocument(painter, below, kHandoutMarginPt, belowTop);
            if (progress && !progress(++done, total)) {
                painter.end();
                return false;
            }
        }
    }
    for (int p = 0; p < flowing.pages; ++p) {
        if (!startPage()) {
            painter.end();
            return false;
        }
        drawFlowingPage(painter, flowing, p, kHandoutMarginPt, kHandoutMarginPt,
                        kHandoutTextWidthPt, kHandoutTextHeightPt);
    }
    // The key ends with the figures of the steps whose reveal trains (the training lab): the
    // view the student saw after committing (a race, or the length view of PI's step), trained. A
    // student sheet shows such a step before training, since the trained figure is the answer. The
    // runs are those the answers above trained (training_lab_memo.h), so these pages only draw.
    for (std::size_t k = 0; k < steps.size() && !student; ++k) {
        const figures::CourseStep& step = steps[k];
        const figures::Figure* figure = figures::findFigure(step.panel.toStdString());
        if (figure == nullptr || !step.revealParams ||
            !step.revealOptions.value(QStringLiteral("run")).toBool()) {
            continue;
        }
        if (!startPage()) {
            painter.end();
            return false;
        }
        QTextDocument heading;
        const QString letter = correctChoiceLetter(step, answers[k]);
        prepare(heading, device,
                QStringLiteral("<h2>%1. %2</h2><p>%3</p>")
                    .arg(k + 1)
                    .arg(typesetMath(texts[k].title),
                         Deck::tr("Revealed: what the panel trains once the prediction is "
                                  "made, with the step's settings and view. Answer: %1.")
                             .arg(letter.isEmpty()
                                      ? figures::formatCourseNumber(answers[k]).toHtmlEscaped()
                                      : letter)),
                kHandoutTextWidthPt * unit, kHandoutBodyPt);
        drawDocument(painter, heading, kHandoutMarginPt, kHandoutMarginPt);
        const double top = kHandoutMarginPt + heightPt(heading) + 8.0;
        // Taller than wide: the lab's figures are two plots side by side with a legend and
        // readouts below them, which at the width's 0.9 left the plots a fifth of the page.
        const double height =
            std::min(kHandoutTextWidthPt * 1.3, kHandoutMarginPt + kHandoutTextHeightPt - top);
        const QSize size(static_cast<int>(kHandoutTextWidthPt * unit),
                         static_cast<int>(height * unit));
        QCustomPlot plot;
        plot.resize(size);
        if (!layoutPlot(plot, *figure, *step.revealParams, step.revealOptions,
                        handoutPresentationScale(), {}, ReadoutsShown::Slide)) {
            painter.end();
            return false;
        }
        painter.save();
        painter.translate(kHandoutMarginPt * unit, top * unit);
        plot.toPainter(&painter, size.width(), size.height());
        painter.restore();
    }
    if (student && progress && !progress(total, total)) {
        painter.end();
        return false;
    }
    painter.end();
    return true;
}

QByteArray handoutPdf(const QString& language, HandoutEdition edition,
                      const DeckProgress& progress) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(Deck::tr("Rotary position embeddings: the course"));
        writer.setCreator(QStringLiteral("RoPE Explorer"));
        writer.setResolution(plotDpi());
        writer.setPageLayout(
            QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        ok = paintHandout({&writer, [&writer] { return writer.newPage(); }}, language, edition,
                          progress);
    }
    buffer.close();
    return ok ? bytes : QByteArray();
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
