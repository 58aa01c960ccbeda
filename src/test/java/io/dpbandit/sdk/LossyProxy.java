package io.dpbandit.sdk;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A tiny HTTP/1.1 proxy in front of the service that loses answers: every request is forwarded
 * whole (so the service acts on it), and the answer to the n-th one is passed back, thrown away
 * (the client's connection closes without a byte) or held back for a while. One request per
 * connection ({@code Connection: close} towards the service), which the client's pool handles.
 */
final class LossyProxy implements AutoCloseable {

    /** What becomes of the answer to one request. */
    sealed interface Fate permits Pass, Drop, Hold {
    }

    record Pass() implements Fate {
    }

    record Drop() implements Fate {
    }

    record Hold(long millis) implements Fate {
    }

    private final ServerSocket server;
    private final int target;
    private final IntFunction<Fate> fates;
    private final AtomicInteger requests = new AtomicInteger();
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final ExecutorService executor = Executors.newCachedThreadPool();

    /** @param fates what becomes of the answer to request n (from 1) */
    LossyProxy(int targetPort, IntFunction<Fate> fates) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.target = targetPort;
        this.fates = fates;
        executor.submit(this::accept);
    }

    String baseUri() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** How many requests reached the service through the proxy. */
    int requests() {
        return requests.get();
    }

    /** The requests that reached the service, head and body as text, in the order they came. */
    List<String> seen() {
        return List.copyOf(seen);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                executor.submit(() -> relay(client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void relay(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            String head = readHead(in);
            if (head == null) {
                return;
            }
            int length = 0;
            StringBuilder forwarded = new StringBuilder();
            for (String line : head.split("\r\n")) {
                String lower = line.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
                }
                if (!lower.startsWith("connection:")) {
                    forwarded.append(line).append("\r\n");
                }
            }
            forwarded.append("Connection: close\r\n\r\n");
            byte[] body = in.readNBytes(length);
            seen.add(head + "\r\n\r\n" + new String(body, StandardCharsets.UTF_8));
            Fate fate = fates.apply(requests.incrementAndGet());
            byte[] answer;
            try (Socket service = new Socket(InetAddress.getLoopbackAddress(), target)) {
                OutputStream out = service.getOutputStream();
                out.write(forwarded.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.write(body);
                out.flush();
                answer = service.getInputStream().readAllBytes();
            }
            if (fate instanceof Drop) {
                return; // the service has answered; the client never hears it
            }
            if (fate instanceof Hold hold) {
                Thread.sleep(hold.millis());
            }
            client.getOutputStream().write(answer);
            client.getOutputStream().flush();
        } catch (IOException | InterruptedException gone) {
            // the client gave up on this connection (its timeout), or the proxy is closing
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int state = 0;
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3))
                    ? state + 1 : (b == '\r' ? 1 : 0);
            if (state == 4) {
                String text = head.toString(StandardCharsets.ISO_8859_1);
                return text.substring(0, text.length() - 4);
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        server.close();
        executor.shutdownNow();
    }
}
