// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "tests/test_support.h"
#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"
#include "ui/render/figure_export.h"
#include "ui/render/plot_theme.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QXmlStreamReader>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <qcustomplot.h>
#include <thread>
#include <utility>

namespace {

struct SvgText {
    QString text;
    QString x;
    QString fontSize;
    double y = 0;
};

// What an SVG document draws: its text elements in order, and how many shapes and images.
struct SvgSummary {
    QList<SvgText> texts;
    int shapes = 0;
    int images = 0;
};

SvgSummary summarise(const QByteArray& svg) {
    SvgSummary summary;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) {
            continue;
        }
        const QStringView name = xml.name();
        if (name == u"text") {
            SvgText t;
            t.x = xml.attributes().value(QStringLiteral("x")).toString();
            t.y = xml.attributes().value(QStringLiteral("y")).toDouble();
            t.fontSize = xml.attributes().value(QStringLiteral("font-size")).toString();
            t.text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            summary.texts << t;
        } else if (name == u"path" || name == u"rect" || name == u"polyline" ||
                   name == u"polygon" || name == u"ellipse" || name == u"line") {
            ++summary.shapes;
        } else if (name == u"image") {
            ++summary.images;
        }
    }
    return summary;
}

} // namespace

// Export of every panel in every format: PNG has the PNG signature and decodes at the requested
// DPI scale, SVG is well-formed XML whose root is <svg>, PDF starts with %PDF, CSV has the
// header and exactly the drawn values (compared with the QCPColorMap / QCPCurve data).
// Failures (unwritable path, unknown extension) throw ExportError naming the path.
class TestFigureExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyPanelExportsEveryFormat_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("extension");
        for (const rope::figures::Figure& f : rope::figures::allFigures()) {
            const QString id =
                QString::fromLatin1(f.id.data(), static_cast<qsizetype>(f.id.size()));
            for (const char* ext : {"png", "svg", "pdf", "csv"}) {
                QTest::newRow(qPrintable(id + QLatin1Char(' ') + QLatin1String(ext)))
                    << id << QString::fromLatin1(ext);
            }
        }
    }
    void everyPanelExportsEveryFormat() {
        QFETCH(QString, id);
        QFETCH(QString, extension);
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*rope::figures::findFigure(id.toStdString()), state);
        panel.setMode(rope::ui::FigurePanel::Mode::Sync);
        panel.resize(800, 500);
        panel.show();
        panel.refresh();
        QTemporaryDir dir;
        const QString path = dir.filePath(id + QLatin1Char('.') + extension);
        panel.exportTo(path, 192);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        if (id == QLatin1String("training-lab") && extension == QLatin1String("csv")) {
            // Nothing is trained until Train is pressed: the table has its header and no rows
            // (the plot carries the note that says so).
            QCOMPARE(bytes, QByteArray("series,x,y,value\n"));
            return;
        }
        QVERIFY(bytes.size() > 100);
        if (extension == QLatin1String("png")) {
            QVERIFY(bytes.startsWith("\x89PNG\r\n\x1a\n"));
            const QImage image = QImage::fromData(bytes, "PNG");
            QCOMPARE(image.width(), 2 * panel.plot()->width()); // 192 dpi = scale 2
            QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 192);
        } else if (extension == QLatin1String("svg")) {
            QXmlStreamReader xml(bytes);
            QVERIFY(xml.readNextStartElement());
            QCOMPARE(xml.name().toString(), QStringLiteral("svg"));
            while (!xml.atEnd()) {
                xml.readNext();
            }
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        } else if (extension == QLatin1String("pdf")) {
            QVERIFY(bytes.startsWith("%PDF"));
        } else {
            const QList<QByteArray> lines = bytes.trimmed().split('\n');
            QCOMPARE(lines.first(), QByteArray("series,x,y,value"));
            QVERIFY(lines.size() > 1);
        }
    }

    void heatmapCsvEqualsTheDrawnCells() {
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*rope::figures::findFigure("heatmap"), state);
        panel.setMode(rope::ui::FigurePanel::Mode::Sync);
        panel.resize(700, 400);
        panel.show();
        panel.refresh();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("h.csv"));
        panel.exportTo(path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCPColorMap* map = nullptr;
        for (int k = 0; k < panel.plot()->plottableCount(); ++k) {
            map = map ? map : qobject_cast<QCPColorMap*>(panel.plot()->plottable(k));
        }
        QVERIFY(map != nullptr);
        const int cols = map->data()->keySize();
        const int rows = map->data()->valueSize();
        // header + every cell + the critical-dimension line (two points) + its two readouts and
        // the "positions per pixel row" readout
        QCOMPARE(lines.size(), 1 + cols * rows + 2 + 3);
        for (int r = 0; r < rows; r += 37) {
            for (int c = 0; c < cols; c += 5) {
                // The series name is quoted (it holds a comma): read the last three fields.
                const QList<QByteArray> all = lines.at(1 + r * cols + c).split(',');
                QVERIFY(all.size() >= 4);
                const QList<QByteArray> f = all.mid(all.size() - 4);
                double x = 0;
                double y = 0;
                map->data()->cellToCoord(c, r, &x, &y);
                QVERIFY(rope::test::close(f[1].toDouble(), x, 1e-12, 1e-12));
                QVERIFY(rope::test::close(f[2].toDouble(), y, 1e-12, 1e-9));
                QCOMPARE(f[3].toDouble(), map->data()->cell(c, r)); // %.17g round-trips exactly
            }
        }
    }

    void unwritablePathThrowsNamingIt() {
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*rope::figures::findFigure("rotation"), state);
        panel.setMode(rope::ui::FigurePanel::Mode::Sync);
        panel.refresh();
        const QString bad = QStringLiteral("/nonexistent-dir/for/sure/out.png");
        try {
            panel.exportTo(bad);
            QFAIL("no exception");
        } catch (const rope::ui::ExportError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(bad));
        }
        try {
            panel.exportTo(QStringLiteral("figure.bmpx"));
            QFAIL("no exception");
        } catch (const rope::ui::ExportError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("figure.bmpx")));
        }
    }

    // The PNG path records QCustomPlot's painting on the GUI thread and rasterises the
    // recording on a worker; the reference is QCustomPlot's own rasteriser, toPixmap(), at the
    // same size and scale: every pixel must agree.
    void snapshotPngEqualsQCustomPlotsOwnPixmap_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QString>("theme");
        for (const char* id : {"decay", "heatmap", "rotation", "precision"}) {
            for (const double scale : {1.0, 2.0}) {
                for (const char* theme : {"light", "dark"}) {
                    QTest::newRow(qPrintable(
                        QStringLiteral("%1 x%2 %3").arg(id).arg(scale).arg(QLatin1String(theme))))
                        << QString::fromLatin1(id) << scale << QString::fromLatin1(theme);
                }
            }
        }
    }
    void snapshotPngEqualsQCustomPlotsOwnPixmap() {
        QFETCH(QString, id);
        QFETCH(double, scale);
        QFETCH(QString, theme);
        const auto plotTheme = rope::ui::plotThemeFromId(theme);
        QVERIFY(plotTheme);
        QCustomPlot plot;
        plot.resize(700, 450);
        rope::ui::setPlotTheme(plot, *plotTheme);
        const rope::figures::FigureData data = rope::ui::renderFigure(
            plot, *rope::figures::findFigure(id.toStdString()), rope::RopeParams{}, {});
        const QImage expected = plot.toPixmap(700, 450, scale).toImage();
        const QByteArray png =
            rope::ui::exportBytes(plot, data, rope::ui::ExportFormat::Png, QSize(700, 450),
                                  rope::ui::ExportStyle{.scale = scale, .theme = std::nullopt});
        const QImage actual = QImage::fromData(png, "PNG");
        QCOMPARE(actual.size(), expected.size());
        // Not bit-identical: a replayed recording antialiases some edges and glyphs a little
        // differently (the same shapes through another path of Qt's raster engine). Measured
        // over these rows: at most 1.3 % of the pixels differ by more than a quarter of the
        // range in a channel, and the mean difference is at most 2.5 levels. A layout, size,
        // scale, colour or font-size error moves whole shapes and fails both bounds (the
        // other theme's pixmap below, as the control).
        const auto compare = [](const QImage& x, const QImage& y) {
            const QImage a = x.convertToFormat(QImage::Format_ARGB32);
            const QImage b = y.convertToFormat(QImage::Format_ARGB32);
            long long total = 0;
            long long far = 0;
            for (int row = 0; row < a.height(); ++row) {
                for (int col = 0; col < a.width(); ++col) {
                    const QRgb p = a.pixel(col, row);
                    const QRgb q = b.pixel(col, row);
                    const int d = std::max({std::abs(qRed(p) - qRed(q)),
                                            std::abs(qGreen(p) - qGreen(q)),
                                            std::abs(qBlue(p) - qBlue(q))});
                    total += d;
                    far += d > 64 ? 1 : 0;
                }
            }
            const double pixels = double(a.width()) * a.height();
            return std::pair<double, double>{double(total) / pixels, double(far) / pixels};
        };
        const auto [meanLevels, farShare] = compare(actual, expected);
        QVERIFY2(meanLevels < 4.0 && farShare < 0.02,
                 qPrintable(QStringLiteral("mean %1 levels, %2 % far").arg(meanLevels).arg(
                     100 * farShare)));
        QCustomPlot other;
        other.resize(700, 450);
        rope::ui::setPlotTheme(other, *plotTheme == rope::ui::PlotTheme::Dark
                                          ? rope::ui::PlotTheme::Light
                                          : rope::ui::PlotTheme::Dark);
        rope::ui::renderFigure(other, *rope::figures::findFigure(id.toStdString()),
                               rope::RopeParams{}, {});
        const auto [controlMean, controlFar] =
            compare(actual, other.toPixmap(700, 450, scale).toImage());
        QVERIFY2(controlMean >= 4.0 && controlFar >= 0.02,
                 qPrintable(QStringLiteral("control: mean %1 levels, %2 % far")
                                .arg(controlMean)
                                .arg(100 * controlFar)));
    }

    // startFigureExport() writes what exportBytes() gives; a cancel before the write leaves
    // the previous file byte for byte; a write that fails is reported, not thrown or lost; an
    // export outlives the panel that started it (waitForFigureExports()); the outcome arrives
    // through the event loop, to the caller's function and as exportFinished().
    void exportOffTheGuiThread() {
        rope::ui::ExplorerState state;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("decay.png"));
        QByteArray expected;
        {
            rope::ui::FigurePanel panel(*rope::figures::findFigure("decay"), state);
            panel.setMode(rope::ui::FigurePanel::Mode::Sync);
            panel.resize(800, 500);
            panel.show();
            panel.refresh();
            expected =
                rope::ui::exportBytes(*panel.plot(), panel.data(), rope::ui::ExportFormat::Png,
                                      panel.plot()->size(), rope::ui::ExportStyle{});
            panel.exportAsync(path, rope::ui::ExportStyle{}, nullptr,
                              [](const rope::ui::ExportOutcome&) {
                                  QFAIL("an outcome reached a panel that is gone");
                              });
        } // the panel is gone; the export is not
        rope::ui::waitForFigureExports();
        QCoreApplication::processEvents(); // an outcome posted to the gone panel goes nowhere
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), expected);
        written.close();

        rope::ui::FigurePanel panel(*rope::figures::findFigure("rotation"), state);
        panel.setMode(rope::ui::FigurePanel::Mode::Sync);
        panel.resize(600, 400);
        panel.show();
        panel.refresh();
        QSignalSpy finished(&panel, &rope::ui::FigurePanel::exportFinished);
        std::optional<rope::ui::ExportOutcome> outcome;
        const auto keep = [&outcome](const rope::ui::ExportOutcome& o) { outcome = o; };
        auto cancelled = std::make_shared<std::atomic<bool>>(true);
        panel.exportAsync(path, rope::ui::ExportStyle{}, cancelled, keep);
        QVERIFY(!outcome); // never before the event loop
        QTRY_VERIFY(outcome.has_value());
        QVERIFY(outcome->cancelled);
        QCOMPARE(finished.count(), 1);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), expected); // untouched
        written.close();

        const QString bad = dir.filePath(QStringLiteral("no-such-folder/out.csv"));
        outcome.reset();
        panel.exportAsync(bad, rope::ui::ExportStyle{}, nullptr, keep);
        QTRY_VERIFY(outcome.has_value());
        QVERIFY2(outcome->error.contains(bad), qPrintable(outcome->error));
        QVERIFY(!outcome->cancelled);

        try {
            panel.exportAsync(dir.filePath(QStringLiteral("x.bmpx")), {});
            QFAIL("no exception");
        } catch (const rope::ui::ExportError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("x.bmpx")));
        }
    }

    // SVG and PDF are recorded on the GUI thread and painted on the exports' thread. The
    // reference is what the exports were before: QCustomPlot painting a QSvgGenerator itself,
    // on the GUI thread. The documents agree up to representation: every text element has the
    // same string, x and font size (labels laid out at the generator's 72 dpi, not the
    // screen's 96, which would make them a third larger), its baseline within half a point
    // (QPicture replays a text item from its font's whole-pixel ascent); the same number of
    // shapes (a rectangle may come back as a four-corner path) and images. A PDF made on a
    // worker thread has the plot's size in points and the fonts embedded.
    void vectorExportsPaintTheRecordingOnAWorker_data() {
        QTest::addColumn<QString>("id");
        for (const char* id : {"doctor", "heatmap", "absolute", "weights"}) {
            QTest::newRow(id) << QString::fromLatin1(id);
        }
    }
    void vectorExportsPaintTheRecordingOnAWorker() {
        QFETCH(QString, id);
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*rope::figures::findFigure(id.toStdString()), state);
        panel.setMode(rope::ui::FigurePanel::Mode::Sync);
        panel.resize(900, 560);
        panel.show();
        panel.refresh();
        QCustomPlot& plot = *panel.plot();
        const QSize size = plot.size();

        QByteArray reference;
        {
            QBuffer buffer(&reference);
            buffer.open(QIODevice::WriteOnly);
            QSvgGenerator generator;
            generator.setOutputDevice(&buffer);
            generator.setSize(size);
            generator.setViewBox(QRect(QPoint(0, 0), size));
            QCPPainter painter;
            QVERIFY(painter.begin(&generator));
            plot.toPainter(&painter, size.width(), size.height());
            painter.end();
        }
        const rope::ui::FigureSnapshot svg = rope::ui::snapshotFigure(
            plot, panel.data(), rope::ui::ExportFormat::Svg, size, rope::ui::ExportStyle{});
        const rope::ui::FigureSnapshot pdf = rope::ui::snapshotFigure(
            plot, panel.data(), rope::ui::ExportFormat::Pdf, size, rope::ui::ExportStyle{});
        QVERIFY(!svg.picture.isNull() && !pdf.picture.isNull());
        const QThread* gui = QThread::currentThread();
        const QThread* encodedOn = nullptr;
        QByteArray svgBytes;
        QByteArray pdfBytes;
        std::thread worker([&] {
            encodedOn = QThread::currentThread();
            svgBytes = rope::ui::encodeFigure(svg);
            pdfBytes = rope::ui::encodeFigure(pdf);
        });
        worker.join();
        QVERIFY(encodedOn != gui);

        const SvgSummary expected = summarise(reference);
        const SvgSummary actual = summarise(svgBytes);
        QVERIFY2(expected.texts.size() >= 10, qPrintable(QString::number(expected.texts.size())));
        QCOMPARE(actual.shapes, expected.shapes);
        QCOMPARE(actual.images, expected.images);
        QCOMPARE(actual.texts.size(), expected.texts.size());
        for (qsizetype k = 0; k < expected.texts.size(); ++k) {
            const SvgText& e = expected.texts[k];
            const SvgText& a = actual.texts[k];
            QCOMPARE(a.text, e.text);
            QCOMPARE(a.x, e.x);
            QCOMPARE(a.fontSize, e.fontSize);
            QVERIFY2(std::abs(a.y - e.y) < 0.5,
                     qPrintable(QStringLiteral("'%1': y %2, painted directly %3")
                                    .arg(e.text)
                                    .arg(a.y)
                                    .arg(e.y)));
        }

        QVERIFY(pdfBytes.startsWith("%PDF"));
        // One page of width × height points (72 dpi: one plot pixel, one point).
        const QByteArray mediaBox = QStringLiteral("/MediaBox [0 0 %1.000000 %2.000000]")
                                        .arg(size.width())
                                        .arg(size.height())
                                        .toLatin1();
        QVERIFY2(pdfBytes.contains(mediaBox), mediaBox.constData());
        QVERIFY(pdfBytes.contains("/FontFile2"));
    }

    void pixelBudgetIsWidthTimesHeightTimesScaleSquared() {
        // 7680 × 4320 = 33 177 600 pixels; 3840 × 2160 at scale 2 is exactly that.
        QVERIFY(rope::ui::pixelBudgetProblem(QSize(7680, 4320), 1.0).empty());
        QVERIFY(rope::ui::pixelBudgetProblem(QSize(3840, 2160), 2.0).empty());
        QVERIFY(!rope::ui::pixelBudgetProblem(QSize(3841, 2160), 2.0).empty());
        QVERIFY(!rope::ui::pixelBudgetProblem(QSize(7680, 4321), 1.0).empty());
        // 8000 × 8000 × 4² = 1 024 000 000.
        const QString problem =
            QString::fromStdString(rope::ui::pixelBudgetProblem(QSize(8000, 8000), 4.0));
        QVERIFY2(problem.contains(QStringLiteral("1024000000 pixels")) &&
                     problem.contains(QStringLiteral("8000×8000×4²")),
                 qPrintable(problem));
        // The GUI's export refuses it the same way, before drawing, and writes nothing.
        rope::ui::ExplorerState state;
        rope::ui::FigurePanel panel(*rope::figures::findFigure("rotation"), state);
        panel.setMode(rope::ui::FigurePanel::Mode::Sync);
        panel.refresh();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.png"));
        QCustomPlot plot;
        try {
            rope::ui::exportFigure(plot, panel.data(), path, QSize(4000, 3000),
                                   rope::ui::ExportStyle{.scale = 4.0, .theme = std::nullopt});
            QFAIL("no exception");
        } catch (const rope::ui::ExportError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("4000×3000×4²")),
                     e.what());
        }
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_MAIN(TestFigureExport)
#include "tst_figure_export.moc"
