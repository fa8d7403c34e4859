import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** GET /sleep?ms=N: sleeps N ms, then answers which thread ran it. */
@WebServlet("/sleep")
public class Sleep extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest q, HttpServletResponse r) throws IOException {
        String ms = q.getParameter("ms");
        try {
            Thread.sleep(ms == null ? 0 : Long.parseLong(ms));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        r.getWriter().write("ok " + Thread.currentThread() + "\n");
    }
}
