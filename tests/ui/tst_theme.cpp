// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Themes, colour maps and export styles: plots follow light/dark, the diverging map stays
// readable without red–green, exports keep a chosen theme and pixel scale, the theme and
// recent model configs are remembered. Colour science in this file (sRGB → CIELAB, WCAG
// contrast) is written from the published formulas, independently of the code under test.
#include "ui/app_theme.h"
#include "ui/explorer_state.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/render/colour_maps.h"
#include "ui/render/plot_theme.h"

#include <QAction>
#include <QApplication>
#include <QImage>
#include <QMenu>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <qcustomplot.h>

#include <array>
#include <cmath>

using namespace rope::ui;

namespace {

// sRGB (IEC 61966-2-1) component to linear light.
double linear(double c) {
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// WCAG 2.x relative luminance and contrast ratio.
double luminance(const QColor& c) {
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// CIELAB (D65 white) from sRGB.
std::array<double, 3> lab(const QColor& c) {
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    auto f = [](double t) {
        return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
    };
    return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

QColor gradientAt(QCPColorGradient g, double value) {
    QRgb rgb = 0;
    const double v = value;
    g.colorize(&v, QCPRange(-1.0, 1.0), &rgb, 1);
    return QColor::fromRgb(rgb);
}

} // namespace

class TestTheme : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("rope-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_theme"));
        QSettings().clear();
    }

    void cleanup() { applyThemeChoice(ThemeChoice::System); }

    void themeColoursAreReadable_data() {
        QTest::addColumn<int>("theme");
        QTest::newRow("light") << int(PlotTheme::Light);
        QTest::newRow("dark") << int(PlotTheme::Dark);
    }
    void themeColoursAreReadable() {
        QFETCH(int, theme);
        const PlotColours& c = plotColours(PlotTheme(theme));
        // WCAG AAA for body text is 7:1; readouts and labels are text.
        QVERIFY2(contrast(c.foreground, c.background) >= 12.0, "foreground");
        QVERIFY2(contrast(c.readout, c.background) >= 7.0, "readout");
        QVERIFY2(contrast(c.label, c.background) >= 7.0, "label");
        QVERIFY2(contrast(c.sideLabel, c.background) >= 4.5, "side label (WCAG AA)");
        // Grid lines must be visible but quieter than the data: between 1.3:1 and 3:1.
        QVERIFY(contrast(c.grid, c.background) > 1.3);
        QVERIFY(contrast(c.grid, c.background) < 3.0);
    }

    void themeIds() {
        QCOMPARE(plotThemeFromId(QStringLiteral("dark")), std::optional(PlotTheme::Dark));
        QCOMPARE(plotThemeFromId(QStringLiteral("light")), std::optional(PlotTheme::Light));
        QVERIFY(!plotThemeFromId(QStringLiteral("Dark")));
        QVERIFY(!plotThemeFromId(QStringLiteral("system")));
        QCOMPARE(themeChoiceFromId(QStringLiteral("system")), std::optional(ThemeChoice::System));
        QVERIFY(!themeChoiceFromId(QStringLiteral("blue")));
    }

    void divergingMapIsBlueOrange() {
        QCPColorGradient g = divergingGradient();
        const auto low = lab(gradientAt(g, -1.0));
        const auto mid = lab(gradientAt(g, 0.0));
        const auto high = lab(gradientAt(g, 1.0));
        // −1 blue (b* < 0), +1 orange (b* > 0, a* > 0), 0 near-white.
        QVERIFY2(low[2] < -30.0, qPrintable(QString::number(low[2])));
        QVERIFY2(high[2] > 30.0 && high[1] > 0.0, qPrintable(QString::number(high[2])));
        QVERIFY(mid[0] > 95.0);
        QVERIFY(std::abs(mid[1]) < 3.0 && std::abs(mid[2]) < 3.0);
        // The two ends differ along blue–yellow (b*) far more than along red–green (a*): the
        // contrast survives protanopia and deuteranopia, which lose the a* axis.
        QVERIFY(std::abs(high[2] - low[2]) > 3.0 * std::abs(high[1] - low[1]));
        // Lightness rises monotonically from each end to 0, and both arms are symmetric
        // within 8 L* units (the stops within 5.2; interpolating in RGB adds a little), so
        // equal |value| reads as equal strength.
        double previousLow = -1.0, previousHigh = -1.0;
        for (int k = 0; k <= 20; ++k) {
            const double t = 1.0 - k / 20.0;
            const double lLow = lab(gradientAt(g, -t))[0];
            const double lHigh = lab(gradientAt(g, t))[0];
            QVERIFY2(lLow >= previousLow - 0.5, qPrintable(QStringLiteral("−%1").arg(t)));
            QVERIFY2(lHigh >= previousHigh - 0.5, qPrintable(QStringLiteral("+%1").arg(t)));
            QVERIFY2(std::abs(lLow - lHigh) < 8.0, qPrintable(QString::number(t)));
            previousLow = lLow;
            previousHigh = lHigh;
        }
    }

    void viridisLightnessIncreases() {
        QCPColorGradient g = viridisGradient();
        double previous = -1.0;
        for (int k = 0; k <= 20; ++k) {
            const double l = lab(gradientAt(g, -1.0 + k / 10.0))[0];
            QVERIFY(l > previous);
            previous = l;
        }
    }

    void plotFollowsPalette() {
        MainWindow window(nullptr, false);
        window.resize(1100, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        FigurePanel* heatmap = window.panel(QStringLiteral("heatmap"));
        QVERIFY(heatmap != nullptr);
        heatmap->setMode(FigurePanel::Mode::Sync);
        window.showPanel(QStringLiteral("heatmap"));
        heatmap->refresh();

        window.setTheme(ThemeChoice::Dark);
        QVERIFY(paletteIsDark(QApplication::palette()));
        // Widgets take the application palette through posted events.
        QTRY_VERIFY(paletteIsDark(heatmap->palette()));
        const PlotColours& dark = plotColours(PlotTheme::Dark);
        for (FigurePanel* p : window.panels()) {
            QVERIFY2(paletteIsDark(p->palette()), qPrintable(p->objectName()));
            QCOMPARE(plotTheme(*p->plot()), PlotTheme::Dark);
        }
        QCustomPlot& plot = *heatmap->plot();
        QCOMPARE(plot.xAxis->tickLabelColor(), dark.foreground);
        QCOMPARE(plot.yAxis->labelColor(), dark.foreground);
        auto* scale = plot.findChild<QCPColorScale*>();
        QVERIFY2(scale != nullptr, "the heatmap has a colour bar");
        QCOMPARE(scale->axis()->tickLabelColor(), dark.foreground);
        QCOMPARE(scale->axis()->basePen().color(), dark.foreground);
        // The lesson's text colour comes from the palette: light on the dark base.
        auto* lesson = heatmap->findChild<QTextBrowser*>();
        QVERIFY(lesson != nullptr);
        QVERIFY(contrast(lesson->palette().color(QPalette::Text),
                         lesson->palette().color(QPalette::Base)) >= 7.0);
        // What is drawn: the plot's corner pixel is the dark background.
        const QImage shown = plot.toPixmap(400, 300, 1.0).toImage();
        QCOMPARE(QColor(shown.pixel(2, 2)), dark.background);

        window.setTheme(ThemeChoice::Light);
        QVERIFY(!paletteIsDark(QApplication::palette()));
        QTRY_VERIFY(!paletteIsDark(heatmap->palette()));
        QCOMPARE(plotTheme(plot), PlotTheme::Light);
        QCOMPARE(plot.xAxis->tickLabelColor(), plotColours(PlotTheme::Light).foreground);
        QVERIFY(findChildAction(window, QStringLiteral("theme-light"))->isChecked());
    }

    void exportKeepsChosenThemeAndScale_data() {
        QTest::addColumn<double>("scale");
        QTest::newRow("1x") << 1.0;
        QTest::newRow("2x") << 2.0;
        QTest::newRow("2.5x") << 2.5;
        QTest::newRow("4x") << 4.0;
    }
    void exportKeepsChosenThemeAndScale() {
        QFETCH(double, scale);
        ExplorerState state;
        const rope::figures::Figure* figure = rope::figures::findFigure("decay");
        QVERIFY(figure != nullptr);
        FigurePanel panel(*figure, state);
        panel.setMode(FigurePanel::Mode::Sync);
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.refresh();
        QCOMPARE(plotTheme(*panel.plot()), PlotTheme::Light);
        const QSize logical = panel.plot()->size();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("decay.png"));
        panel.exportTo(path, ExportStyle{.scale = scale, .theme = PlotTheme::Dark});
        QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(int(std::lround(logical.width() * scale)),
                                     int(std::lround(logical.height() * scale))));
        // 96·scale dpi stored, to within the metre rounding of PNG's pHYs chunk.
        QVERIFY(std::abs(image.dotsPerMeterX() * 0.0254 - 96.0 * scale) < 0.1);
        QCOMPARE(QColor(image.pixel(1, 1)), plotColours(PlotTheme::Dark).background);
        // The screen keeps its own theme.
        QCOMPARE(plotTheme(*panel.plot()), PlotTheme::Light);
        QCOMPARE(panel.plot()->xAxis->tickLabelColor(), plotColours(PlotTheme::Light).foreground);
    }

    void themeIsRemembered() {
        QSettings().clear();
        {
            MainWindow window(nullptr, true);
            window.setTheme(ThemeChoice::Dark);
        }
        QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(),
                 QStringLiteral("dark"));
        applyThemeChoice(ThemeChoice::System);
        MainWindow again(nullptr, true);
        QCOMPARE(currentThemeChoice(), ThemeChoice::Dark);
        QVERIFY(findChildAction(again, QStringLiteral("theme-dark"))->isChecked());
        QVERIFY(paletteIsDark(QApplication::palette()));
        QTRY_VERIFY(plotTheme(*again.panels().front()->plot()) == PlotTheme::Dark);
        QSettings().clear();
    }

    void recentModelConfigsBesideSessions() {
        QSettings().clear();
        QTemporaryDir dir;
        const QString config = dir.filePath(QStringLiteral("config.json"));
        QFile file(config);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"rope_theta": 500000, "hidden_size": 4096, "num_attention_heads": 32})");
        file.close();
        MainWindow window(nullptr, false);
        QVERIFY(window.openModelConfigFile(config));
        QCOMPARE(MainWindow::recentModelConfigs(),
                 QStringList{QFileInfo(config).absoluteFilePath()});
        QVERIFY(window.saveSessionTo(dir.filePath(QStringLiteral("s.ropex"))));
        auto* menu = window.findChild<QMenu*>(QStringLiteral("recent-menu"));
        QVERIFY(menu != nullptr);
        QStringList texts;
        for (QAction* a : menu->actions()) {
            texts << a->text();
        }
        // Sessions first, then model configs, each under its section.
        const qsizetype session = texts.indexOf(QStringLiteral("&1 s.ropex"));
        const qsizetype model = texts.indexOf(QStringLiteral("&2 config.json"));
        QVERIFY2(session >= 0 && model > session, qPrintable(texts.join(QLatin1Char('|'))));
        // Choosing it imports the config again (the base follows it).
        rope::RopeParams p = window.state().params();
        p.base = 10000;
        QVERIFY(window.state().setParams(p));
        menu->actions().at(model)->trigger();
        QCOMPARE(window.state().params().base, 500000.0);
        QSettings().clear();
    }

private:
    static QAction* findChildAction(QWidget& window, const QString& name) {
        auto* action = window.findChild<QAction*>(name);
        if (action == nullptr) {
            qFatal("no action %s", qPrintable(name));
        }
        return action;
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
