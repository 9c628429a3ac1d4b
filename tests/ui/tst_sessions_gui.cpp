// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "io/code_export.h"
#include "io/params_check.h"
#include "io/session.h"
#include "tests/test_support.h"
#include "ui/explorer_state.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QDropEvent>
#include <QGuiApplication>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>

Q_DECLARE_METATYPE(rope::io::CodeLanguage)

using rope::ui::FigureData;
using rope::ui::FigureOptions;
using rope::ui::FigurePanel;
using rope::ui::MainWindow;

namespace {

// The options the panel computes with: the restored ones plus its plot and font size (figure_panel.cpp).
FigureOptions computedOptions(const FigurePanel& panel) {
    FigureOptions options = panel.options();
    const QRect rect = panel.plot()->axisRect()->rect();
    options.plot = {std::max(rect.width(), 1), std::max(rect.height(), 1),
                    QFontMetrics(panel.plot()->font()).height()};
    return options;
}

// Element-wise exact equality; NaN (a break in a line) equals NaN.
bool sameValues(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t k = 0; k < a.size(); ++k) {
        if (!(a[k] == b[k] || (std::isnan(a[k]) && std::isnan(b[k])))) {
            return false;
        }
    }
    return true;
}

// Exact equality of everything plotted: the panel must draw exactly compute(params, options).
bool sameData(const FigureData& a, const FigureData& b, QString* why) {
    if (a.series.size() != b.series.size()) {
        *why = QStringLiteral("series count %1 vs %2").arg(a.series.size()).arg(b.series.size());
        return false;
    }
    for (std::size_t k = 0; k < a.series.size(); ++k) {
        // Measured y values (timings) differ between two runs: only their count must agree.
        const bool sameY = a.series[k].measured && b.series[k].measured
                               ? a.series[k].y.size() == b.series[k].y.size()
                               : sameValues(a.series[k].y, b.series[k].y);
        if (a.series[k].name != b.series[k].name || !sameValues(a.series[k].x, b.series[k].x) ||
            !sameY) {
            *why = QStringLiteral("series %1 differs").arg(a.series[k].name);
            return false;
        }
    }
    if (a.colourMap.has_value() != b.colourMap.has_value() ||
        (a.colourMap && !sameValues(a.colourMap->values, b.colourMap->values))) {
        *why = QStringLiteral("colour map differs");
        return false;
    }
    if (a.readouts.size() != b.readouts.size()) {
        *why = QStringLiteral("readout count differs");
        return false;
    }
    for (std::size_t k = 0; k < a.readouts.size(); ++k) {
        if (!(a.readouts[k].measured && b.readouts[k].measured) &&
            !sameValues({a.readouts[k].value}, {b.readouts[k].value})) {
            *why = QStringLiteral("readout %1 differs").arg(a.readouts[k].label);
            return false;
        }
    }
    return a.title == b.title;
}

// What the named control shows, in the type the option uses.
QVariant shown(QWidget* w) {
    if (auto* c = qobject_cast<QComboBox*>(w)) {
        return c->currentData();
    }
    if (auto* d = qobject_cast<QDoubleSpinBox*>(w)) {
        return d->value();
    }
    if (auto* i = qobject_cast<QSpinBox*>(w)) {
        return i->value();
    }
    if (auto* b = qobject_cast<QCheckBox*>(w)) {
        return b->isChecked();
    }
    return {};
}

// Sync and, for the measured batch panel, the whole figure per frame (Inline), so every panel's
// data can be compared with figureData() at once.
void useSyncPanels(MainWindow& w) {
    for (FigurePanel* p : w.panels()) {
        p->setMode(FigurePanel::Mode::Sync);
        p->setMeasuring(FigurePanel::Measuring::Inline);
    }
}

void drop(MainWindow& w, const QString& path) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    const QPoint at = w.rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent event(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&w, &event);
}

QString dataPath(const QString& relative) {
    return qEnvironmentVariable("ROPE_SOURCE_DIR") + QStringLiteral("/tests/data/") + relative;
}

// Closes the non-blocking error box, returning its text (empty if none was shown).
QString takeErrorBox(MainWindow& w) {
    auto* box = w.findChild<QMessageBox*>(QStringLiteral("error-box"));
    if (box == nullptr) {
        return {};
    }
    const QString text = box->text();
    box->setAttribute(Qt::WA_DeleteOnClose, false);
    delete box;
    return text;
}

} // namespace

// MainWindow sessions, drag and drop and copy-as-code: a saved session restores params, visible
// panel and every panel's options (controls included) into a fresh window; failures show an
// error and change nothing. Expected values: the literals set in the test, the published
// config.json numbers in tests/data/configs, and closed forms (λᵢ = 2π·b^(2i/d)).
class TestSessionsGui : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("rope-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_sessions_gui"));
        QVERIFY(m_dir.isValid());
    }
    void init() { QSettings().clear(); }

    void saveThenOpenRestoresEverything() {
        const QString path = m_dir.filePath(QStringLiteral("round-trip.ropex"));
        rope::RopeParams p;
        p.headDim = 64;
        p.base = 500000;
        p.m = 7;
        p.n = 20;
        p.context = 2048;
        p.scaling.method = rope::ScalingKind::Linear;
        p.scaling.factor = 2;
        {
            MainWindow a(nullptr, false);
            useSyncPanels(a);
            QVERIFY(a.state().setParams(p));
            // Through the widgets, as a user would.
            a.panel(QStringLiteral("heatmap"))
                ->controls()
                ->findChild<QComboBox*>(QStringLiteral("quantity"))
                ->setCurrentIndex(1); // sin
            a.panel(QStringLiteral("heatmap"))
                ->controls()
                ->findChild<QCheckBox*>(QStringLiteral("periods"))
                ->setChecked(true);
            a.panel(QStringLiteral("rotation"))
                ->controls()
                ->findChild<QSpinBox*>(QStringLiteral("pair"))
                ->setValue(5);
            a.pages()->setCurrentWidget(a.panel(QStringLiteral("decay")));
            QVERIFY(a.saveSessionTo(path));
            QVERIFY(!a.isWindowModified());
            QVERIFY(a.windowTitle().startsWith(QStringLiteral("round-trip.ropex[*]")));
            QCOMPARE(MainWindow::recentSessions().value(0), QFileInfo(path).absoluteFilePath());
            p.m = 8;
            QVERIFY(a.state().setParams(p));
            QVERIFY(a.isWindowModified());
            p.m = 7;
        }
        MainWindow b(nullptr, false);
        useSyncPanels(b);
        QVERIFY(b.openSession(path));
        QCOMPARE(takeErrorBox(b), QString());
        QVERIFY(b.state().params() == p);
        QCOMPARE(b.pages()->currentWidget()->objectName(), QStringLiteral("decay"));
        QVERIFY(!b.isWindowModified());
        QCOMPARE(b.sessionPath(), path);

        FigurePanel* heatmap = b.panel(QStringLiteral("heatmap"));
        QCOMPARE(heatmap->options().value(QStringLiteral("quantity")).toString(),
                 QStringLiteral("sin"));
        QCOMPARE(heatmap->options().value(QStringLiteral("periods")).toBool(), true);
        QCOMPARE(shown(heatmap->controls()->findChild<QComboBox*>(QStringLiteral("quantity"))),
                 QVariant(QStringLiteral("sin")));
        QCOMPARE(shown(heatmap->controls()->findChild<QCheckBox*>(QStringLiteral("periods"))),
                 QVariant(true));
        QCOMPARE(
            b.panel(QStringLiteral("rotation"))->options().value(QStringLiteral("pair")).toInt(),
            5);
        // Every panel draws what its compute function gives for the restored inputs.
        for (FigurePanel* panel : b.panels()) {
            panel->refresh();
            QString why;
            const FigureData expected = rope::figures::figureData(panel->figure(), p, computedOptions(*panel));
            QVERIFY2(sameData(panel->data(), expected, &why),
                     qPrintable(panel->objectName() + QStringLiteral(": ") + why));
        }
        // Closed form: the restored periods are λᵢ = 2π·b^(2i/d) for d = 64, b = 500000 (linear
        // scaling divides θ by 2, so λ doubles).
        const rope::ui::Series& periods = heatmap->data().series.at(0);
        QCOMPARE(periods.y.size(), std::size_t{32});
        for (std::size_t i = 0; i < periods.y.size(); ++i) {
            const long double lambda =
                2.0L * 2.0L * std::numbers::pi_v<long double> *
                std::pow(500000.0L, 2.0L * static_cast<long double>(i) / 64.0L);
            QVERIFY2(std::abs(static_cast<long double>(periods.y[i]) - lambda) <= 1e-12L * lambda,
                     qPrintable(QString::number(i)));
        }
    }

    void restoredOptionsMoveTheControls_data() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QVariantMap>("options");
        const auto row = [](const char* id, QVariantMap options) {
            QTest::newRow(id) << QString::fromLatin1(id) << options;
        };
        row("heatmap", {{"quantity", "angle"}, {"periods", true}});
        row("rotation", {{"pair", 3}, {"k-angle-deg", -45}});
        row("identity", {{"view", "complex"}, {"identity", "composition"}, {"pair", 3}});
        row("decay", {{"curve", "upper-bound"}, {"log-x", true}});
        row("base-bound", {{"view", "cosine-sum"}, {"min-base", true}});
        row("extension", {{"view", "heatmap"}});
        row("layouts", {{"view", "matrix"},
                        {"dim", 24},
                        {"layout", "half"},
                        {"heads", 3},
                        {"max-offset", 50}});
        row("rope-2d", {{"view", "flattened"},
                        {"rows", 6},
                        {"cols", 5},
                        {"query-row", 4},
                        {"query-col", 1},
                        {"dim", 8},
                        {"vectors", "random"}});
        row("absolute", {{"scheme", "binary"}, {"view", "curves"}, {"dim", 24}, {"positions", 32}});
        row("attention", {{"encoding", "sinusoidal"}, {"view", "weights"}, {"factor", 1.5}});
        row("precision",
            {{"view", "score"}, {"path", "double-then-cast"}, {"pair", 2}, {"position", 100}});
    }
    void restoredOptionsMoveTheControls() {
        QFETCH(QString, panel);
        QFETCH(QVariantMap, options);
        MainWindow w(nullptr, false);
        rope::RopeParams p;
        p.context = 512; // keeps base-bound's b* search short
        QVERIFY(w.state().setParams(p));
        FigurePanel* target = w.panel(panel);
        QVERIFY(target != nullptr);
        QVERIFY(target->controls() != nullptr);
        target->setMode(FigurePanel::Mode::Sync);
        QMap<QString, QVariant> defaults;
        for (auto it = options.begin(); it != options.end(); ++it) {
            QWidget* control = target->controls()->findChild<QWidget*>(it.key());
            QVERIFY2(control != nullptr, qPrintable(it.key()));
            defaults.insert(it.key(), shown(control));
            QVERIFY2(shown(control) != it.value(), qPrintable(it.key() + " already shows it"));
        }
        // As read back from a session file: JSON numbers are doubles.
        QVariantMap fromJson;
        for (auto it = options.begin(); it != options.end(); ++it) {
            fromJson.insert(it.key(), it.value().typeId() == QMetaType::Int
                                          ? QVariant(it.value().toDouble())
                                          : it.value());
        }
        fromJson.insert(QStringLiteral("plot-width-px"), 5); // not an option: refused, not stored
        target->restoreOptions(fromJson);
        QCOMPARE(target->options().size(), options.size());
        QCOMPARE(target->persistentOptions(), options);
        for (auto it = options.begin(); it != options.end(); ++it) {
            QCOMPARE(shown(target->controls()->findChild<QWidget*>(it.key())), it.value());
        }
        if (panel == QLatin1String("attention")) {
            auto* override =
                target->controls()->findChild<QCheckBox*>(QStringLiteral("override-factor"));
            QVERIFY(override->isChecked());
        }
        // Blocked signals: moving the controls did not write the options back.
        QCOMPARE(target->persistentOptions(), options);
        // The first frame may change the axis rectangle (axis labels); redraw at the settled
        // size so the expected frame is computed at the same pixel size as the drawn one.
        target->refresh();
        QString why;
        QVERIFY2(
            sameData(target->data(), rope::figures::figureData(target->figure(), p, computedOptions(*target)), &why),
            qPrintable(why));

        // An empty set brings every control back to what it showed at start.
        target->restoreOptions({});
        QVERIFY(target->options().isEmpty());
        for (auto it = defaults.begin(); it != defaults.end(); ++it) {
            QCOMPARE(shown(target->controls()->findChild<QWidget*>(it.key())), it.value());
        }
        target->refresh();
        QVERIFY2(
            sameData(target->data(), rope::figures::figureData(target->figure(), p, computedOptions(*target)), &why),
            qPrintable(why));
    }

    void droppedSessionOpens() {
        const QString path = m_dir.filePath(QStringLiteral("dropped.ropex"));
        rope::io::Session session;
        session.params.headDim = 32;
        session.params.base = 20000;
        session.activePanel = QStringLiteral("identity");
        session.panelOptions.insert(QStringLiteral("identity"),
                                    QVariantMap{{QStringLiteral("identity"), "orthogonality"}});
        QString error;
        QVERIFY2(rope::io::saveSession(path, session, &error), qPrintable(error));
        MainWindow w(nullptr, false);
        drop(w, path);
        QCOMPARE(w.state().params().headDim, 32);
        QCOMPARE(w.state().params().base, 20000.0);
        QCOMPARE(w.pages()->currentWidget()->objectName(), QStringLiteral("identity"));
        QCOMPARE(shown(w.panel(QStringLiteral("identity"))
                           ->controls()
                           ->findChild<QComboBox*>(QStringLiteral("identity"))),
                 QVariant(QStringLiteral("orthogonality")));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("dropped.ropex")));
    }

    // Expected values are the numbers in the config files (Meta, Mistral AI, Qwen, EleutherAI
    // published configs copied into tests/data/configs).
    void droppedModelConfigApplies_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("rotaryDim");
        QTest::addColumn<double>("base");
        QTest::addColumn<long long>("context");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("factor");
        // 4096 / 32 heads = 128; rope_theta 500000; llama3 factor 8.
        QTest::newRow("llama-3.1-8b")
            << "llama-3.1-8b.json" << 128 << 128 << 500000.0 << 131072LL << "llama3" << 8.0;
        QTest::newRow("mistral-7b")
            << "mistral-7b.json" << 128 << 128 << 1000000.0 << 32768LL << "default" << 1.0;
        // GPT-NeoX-20B: 6144 / 64 = 96, rotary_pct 0.25 → 24.
        QTest::newRow("gpt-neox-20b")
            << "gpt-neox-20b.json" << 96 << 24 << 10000.0 << 2048LL << "default" << 1.0;
    }
    void droppedModelConfigApplies() {
        QFETCH(QString, file);
        QFETCH(int, headDim);
        QFETCH(int, rotaryDim);
        QFETCH(double, base);
        QFETCH(long long, context);
        QFETCH(QString, method);
        QFETCH(double, factor);
        MainWindow w(nullptr, false);
        rope::RopeParams start;
        start.m = 11;
        start.n = 99;
        QVERIFY(w.state().setParams(start));
        drop(w, dataPath(QStringLiteral("configs/") + file));
        QCOMPARE(takeErrorBox(w), QString());
        const rope::RopeParams& p = w.state().params();
        QCOMPARE(p.headDim, headDim);
        QCOMPARE(p.effectiveRotaryDim(), rotaryDim);
        QCOMPARE(p.base, base);
        QCOMPARE(p.context, context);
        QCOMPARE(rope::io::scalingIdText(p.scaling.method), method);
        if (method != QLatin1String("default")) {
            QCOMPARE(p.scaling.factor, factor);
        }
        QCOMPARE(p.m, 11LL); // positions are the user's, not the model's
        QCOMPARE(p.n, 99LL);
    }

    void droppedMalformedConfigChangesNothing() {
        MainWindow w(nullptr, false);
        const rope::RopeParams before = w.state().params();
        drop(w, dataPath(QStringLiteral("configs/malformed.json")));
        QVERIFY(w.state().params() == before);
        QVERIFY(takeErrorBox(w).contains(QStringLiteral("malformed.json")));
    }

    // A GGUF (the Llama 3.1 header tst_gguf writes) opens like its config.json: base 500000,
    // Llama 3 scaling ×8 from the rope_freqs tensor, and it joins the recent model files.
    void droppedGgufLoadsTheModel() {
        MainWindow w(nullptr, false);
        const QString path = qEnvironmentVariable("ROPE_SOURCE_DIR") +
                             QStringLiteral("/fuzz/corpus/gguf/llama31.gguf");
        drop(w, path);
        const rope::RopeParams& p = w.state().params();
        QCOMPARE(p.base, 500000.0);
        QCOMPARE(p.headDim, 128);
        QCOMPARE(p.scaling.method, rope::ScalingKind::Llama3);
        QCOMPARE(p.scaling.factor, 8.0);
        QCOMPARE(MainWindow::recentModelConfigs().value(0), QFileInfo(path).absoluteFilePath());
    }

    void droppedOtherFileIsRefusedWithAReason() {
        const QString path = m_dir.filePath(QStringLiteral("notes.txt"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello");
        f.close();
        MainWindow w(nullptr, false);
        const rope::RopeParams before = w.state().params();
        QVERIFY(!w.openDroppedFile(path));
        drop(w, path);
        QVERIFY(w.state().params() == before);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("notes.txt")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral(".ropex")));
    }

    void copyAsCodePutsTheSnippetOnTheClipboard_data() {
        QTest::addColumn<rope::io::CodeLanguage>("language");
        QTest::addColumn<QString>("import");
        QTest::newRow("numpy") << rope::io::CodeLanguage::NumPy << "import numpy";
        QTest::newRow("pytorch") << rope::io::CodeLanguage::PyTorch << "import torch";
    }
    void copyAsCodePutsTheSnippetOnTheClipboard() {
        QFETCH(rope::io::CodeLanguage, language);
        QFETCH(QString, import);
        QClipboard* clipboard = QGuiApplication::clipboard();
        clipboard->setText(QStringLiteral("probe"));
        if (clipboard->text() != QLatin1String("probe")) {
            QSKIP("this platform has no working clipboard");
        }
        MainWindow w(nullptr, false);
        rope::RopeParams p;
        p.base = 123457;
        QVERIFY(w.state().setParams(p));
        QVERIFY(w.copyCode(language));
        QCOMPARE(clipboard->text(), rope::io::codeSnippet(language, p));
        QVERIFY(clipboard->text().contains(import));
        QVERIFY(clipboard->text().contains(QStringLiteral("123457")));
        QVERIFY(!w.statusBar()->currentMessage().isEmpty());
    }

    void showCodeDialogHasBothSnippetsAndCopies() {
        MainWindow w(nullptr, false);
        w.showCode();
        auto* dialog = w.findChild<QDialog*>(QStringLiteral("code-dialog"));
        QVERIFY(dialog != nullptr);
        auto* numpy = dialog->findChild<QPlainTextEdit*>(QStringLiteral("numpy"));
        auto* torch = dialog->findChild<QPlainTextEdit*>(QStringLiteral("pytorch"));
        QVERIFY(numpy != nullptr && torch != nullptr);
        QVERIFY(numpy->isReadOnly() && torch->isReadOnly());
        QCOMPARE(numpy->toPlainText(),
                 rope::io::codeSnippet(rope::io::CodeLanguage::NumPy, w.state().params()));
        QCOMPARE(torch->toPlainText(),
                 rope::io::codeSnippet(rope::io::CodeLanguage::PyTorch, w.state().params()));
        QClipboard* clipboard = QGuiApplication::clipboard();
        clipboard->setText(QStringLiteral("probe"));
        if (clipboard->text() == QLatin1String("probe")) {
            dialog->findChild<QPushButton*>(QStringLiteral("copy"))->click();
            QCOMPARE(clipboard->text(), numpy->toPlainText());
        }
        delete dialog;
    }

    void saveToUnwritablePathShowsErrorAndWritesNothing_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("missing directory") << m_dir.filePath(QStringLiteral("no-such-dir/x.ropex"));
        QTest::newRow("proc") << QStringLiteral("/proc/x.ropex");
    }
    void saveToUnwritablePathShowsErrorAndWritesNothing() {
        QFETCH(QString, path);
        MainWindow w(nullptr, false);
        const QString title = w.windowTitle();
        QVERIFY(!w.saveSessionTo(path));
        QVERIFY(!QFileInfo::exists(path));
        const QString error = takeErrorBox(w);
        QVERIFY2(error.contains(path), qPrintable(error));
        QCOMPARE(w.windowTitle(), title);
        QVERIFY(w.sessionPath().isEmpty());
        QVERIFY(MainWindow::recentSessions().isEmpty());
    }

    void openingAMalformedSessionChangesNothing() {
        const QString path = m_dir.filePath(QStringLiteral("broken.ropex"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"rope-explorer-session\", ");
        f.close();
        MainWindow w(nullptr, false);
        rope::RopeParams p;
        p.base = 777;
        QVERIFY(w.state().setParams(p));
        QVERIFY(!w.openSession(path));
        QCOMPARE(w.state().params().base, 777.0);
        QVERIFY(takeErrorBox(w).contains(QStringLiteral("malformed JSON")));
        QVERIFY(w.sessionPath().isEmpty());
    }

    void recentListIsMostRecentFirstAndBounded() {
        MainWindow w(nullptr, false);
        QStringList saved;
        for (int k = 0; k < MainWindow::kMaxRecentSessions + 2; ++k) {
            const QString path = m_dir.filePath(QStringLiteral("recent-%1.ropex").arg(k));
            QVERIFY(w.saveSessionTo(path));
            saved.prepend(QFileInfo(path).absoluteFilePath());
        }
        QVERIFY(w.saveSessionTo(m_dir.filePath(QStringLiteral("recent-3.ropex")))); // moves up
        saved.removeAll(
            QFileInfo(m_dir.filePath(QStringLiteral("recent-3.ropex"))).absoluteFilePath());
        saved.prepend(
            QFileInfo(m_dir.filePath(QStringLiteral("recent-3.ropex"))).absoluteFilePath());
        QCOMPARE(MainWindow::recentSessions(), saved.mid(0, MainWindow::kMaxRecentSessions));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestSessionsGui)
#include "tst_sessions_gui.moc"
