package io.dpbandit.sim;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * A PNG of cumulative regret against rounds, one curve per (policy, ε) averaged over seeds.
 * Plain java.awt in headless mode, so it needs no plotting library and no display.
 */
public final class RegretPlot {

    private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
        new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
        new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207)};

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 640;
    private static final int LEFT = 90;
    private static final int RIGHT = 280;
    private static final int TOP = 50;
    private static final int BOTTOM = 70;

    private RegretPlot() {
    }

    public static void write(List<RunResult> results, String title, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Map<String, List<RegretCurve>> groups = new LinkedHashMap<>();
        for (RunResult r : results) {
            String label = r.policy() + (r.policy().equals("uniform") ? "" : " ε=" + ResultWriter.eps(r.epsilon()));
            groups.computeIfAbsent(label, k -> new ArrayList<>()).add(r.curve());
        }
        double maxRound = 1;
        double maxRegret = 1e-9;
        Map<String, double[][]> means = new LinkedHashMap<>();
        for (var e : groups.entrySet()) {
            RegretCurve first = e.getValue().get(0);
            double[] x = new double[first.rounds().length];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = first.rounds()[i];
                for (RegretCurve c : e.getValue()) {
                    y[i] += c.cumulativeRegret()[Math.min(i, c.cumulativeRegret().length - 1)] / e.getValue().size();
                }
                maxRound = Math.max(maxRound, x[i]);
                maxRegret = Math.max(maxRegret, y[i]);
            }
            means.put(e.getKey(), new double[][] {x, y});
        }

        BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, LEFT, 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawRect(LEFT, TOP, plotW, plotH);
        for (int i = 0; i <= 5; i++) {
            int px = LEFT + plotW * i / 5;
            int py = TOP + plotH - plotH * i / 5;
            g.setColor(new Color(230, 230, 230));
            g.drawLine(px, TOP, px, TOP + plotH);
            g.drawLine(LEFT, py, LEFT + plotW, py);
            g.setColor(Color.BLACK);
            g.drawString(String.format(Locale.ROOT, "%,.0f", maxRound * i / 5), px - 20, TOP + plotH + 18);
            g.drawString(String.format(Locale.ROOT, "%,.0f", maxRegret * i / 5), LEFT - 70, py + 4);
        }
        g.drawString("round", LEFT + plotW / 2 - 15, HEIGHT - 25);
        g.drawString("cumulative regret", 10, TOP - 10);
        int k = 0;
        g.setStroke(new BasicStroke(2f));
        for (var e : means.entrySet()) {
            Color color = PALETTE[k % PALETTE.length];
            g.setColor(color);
            double[] x = e.getValue()[0];
            double[] y = e.getValue()[1];
            int prevX = LEFT;
            int prevY = TOP + plotH;
            for (int i = 0; i < x.length; i++) {
                int px = LEFT + (int) Math.round(plotW * x[i] / maxRound);
                int py = TOP + plotH - (int) Math.round(plotH * y[i] / maxRegret);
                g.drawLine(prevX, prevY, px, py);
                prevX = px;
                prevY = py;
            }
            int ly = TOP + 20 + 20 * k;
            g.drawLine(LEFT + plotW + 15, ly - 4, LEFT + plotW + 40, ly - 4);
            g.setColor(Color.BLACK);
            g.drawString(e.getKey(), LEFT + plotW + 48, ly);
            k++;
        }
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }
}
