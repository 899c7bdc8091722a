// A small driver for Ludii (the general game system), used by
// tests/crosscheck/ludii.py to compare our games with Ludii's, and to time
// Ludii's random playouts. Our own code: it uses only Ludii's public classes
// (compile it against the build of tools/ludii/build.sh).
//
//   java -cp CLASSPATH LudiiDriver GAME [--ruleset NAME] [--option "Cat/Item"]...
//
// GAME is a .lud resource path as Ludii's GameLoader names them
// ("/lud/board/sow/two_rows/Kalah.lud"), or a file path. Then one command a
// line on standard input, one answer a line (JSON) on standard output:
//
//   layout        the board: its sites (index, x, y), rows and columns,
//                 the store sites, the hands (site, owner), the maps
//   state         counts of every board site, hands, scores, mover, over,
//                 winner, ranking, phase, and the legal moves (from, to,
//                 type, mover, pass, the tracks their sowings use, text)
//   apply K       play legal move K (index in the last `state` list)
//   restart       start a new trial
//   bench S [W]   random playouts from the start, as Ludii's own timing
//                 (Referee.timeRandomPlayouts): W seconds of warm-up
//                 (default 10, as Ludii's), then S seconds timed (seconds
//                 of the process's CPU time, see bench()); prints
//                 playouts, moves (as Ludii counts them: trial.numMoves(),
//                 the start's placements included; real_moves without
//                 them), seconds, playouts/s,
//                 moves/s, and the same per second of the process's CPU
//   quit
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import game.Game;
import game.equipment.container.Container;
import game.equipment.container.board.custom.MancalaBoard;
import game.equipment.other.Map;
import game.rules.play.moves.Moves;
import game.rules.play.moves.nonDecision.effect.Sow;
import game.types.board.SiteType;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.state.container.ContainerState;
import other.state.stacking.BaseContainerStateStacking;
import other.topology.TopologyElement;
import other.trial.Trial;

public final class LudiiDriver
{
	static Game game;
	static Context context;
	static List<Move> legal = new ArrayList<>();

	static String q(final String s)
	{
		final StringBuilder b = new StringBuilder("\"");
		for (final char c : s.toCharArray())
		{
			if (c == '"' || c == '\\')
				b.append('\\').append(c);
			else if (c < 32)
				b.append(String.format("\\u%04x", Integer.valueOf(c)));
			else
				b.append(c);
		}
		return b.append('"').toString();
	}

	static SiteType siteType()
	{
		return game.board().defaultSite();
	}

	static List<? extends TopologyElement> boardSites()
	{
		return game.board().topology().getGraphElements(siteType());
	}

	// the seeds at a site: a stacking state (the large-stone games, whose
	// boards are `largeStack`) holds a piece a level, counted unless it is
	// a large stone (a component named Ball...); any other state holds
	// `count` pieces of one kind
	static int seeds(final ContainerState cs, final int site, final SiteType type)
	{
		if (!(cs instanceof BaseContainerStateStacking))
			return cs.count(site, type);
		int n = 0;
		for (int l = 0; l < cs.sizeStack(site, type); l++)
		{
			final int what = cs.what(site, l, type);
			if (what > 0 && !game.equipment().components()[what].name().startsWith("Ball"))
				n++;
		}
		return n;
	}

	// the names of the tracks of the sowings among a move's consequents
	// (Ludii's moves that differ only by their direction, e.g. Bechi's)
	static void tracks(final Object o, final Set<String> out, final IdentityHashMap<Object, Boolean> seen, final int depth)
	{
		if (o == null || depth > 12 || seen.containsKey(o))
			return;
		seen.put(o, Boolean.TRUE);
		if (o instanceof Sow)
		{
			try
			{
				final Field f = Sow.class.getDeclaredField("trackName");
				f.setAccessible(true);
				final Object t = f.get(o);
				out.add(t == null ? "" : t.toString());
			}
			catch (final Exception e)
			{
				out.add("?");
			}
		}
		if (o instanceof Object[])
		{
			for (final Object x : (Object[]) o)
				tracks(x, out, seen, depth + 1);
			return;
		}
		if (o instanceof List)
		{
			for (final Object x : (List<?>) o)
				tracks(x, out, seen, depth + 1);
			return;
		}
		final String pkg = o.getClass().getName();
		if (!pkg.startsWith("game.rules") && !pkg.startsWith("game.functions"))
			return;
		for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass())
			for (final Field f : c.getDeclaredFields())
			{
				if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive())
					continue;
				try
				{
					f.setAccessible(true);
					tracks(f.get(o), out, seen, depth + 1);
				}
				catch (final Exception e)
				{
					// not reachable: skip
				}
			}
	}

	static String layout()
	{
		final StringBuilder b = new StringBuilder("{");
		b.append("\"game\":").append(q(game.name()));
		b.append(",\"site_type\":").append(q(siteType().toString()));
		if (game.board() instanceof MancalaBoard)
		{
			final MancalaBoard m = (MancalaBoard) game.board();
			b.append(",\"rows\":").append(m.numRows()).append(",\"columns\":").append(m.numColumns());
			b.append(",\"store_type\":").append(q(String.valueOf(m.storeType())));
		}
		b.append(",\"sites\":[");
		final List<? extends TopologyElement> els = boardSites();
		for (int i = 0; i < els.size(); i++)
		{
			final TopologyElement e = els.get(i);
			b.append(i > 0 ? "," : "").append(String.format(Locale.US, "[%d,%.3f,%.3f]", Integer.valueOf(e.index()),
					Double.valueOf(e.centroid().getX()), Double.valueOf(e.centroid().getY())));
		}
		b.append("],\"hands\":[");
		final List<int[]> hs = handSites();
		for (int i = 0; i < hs.size(); i++)
			b.append(i > 0 ? "," : "").append("[").append(hs.get(i)[1]).append(",").append(hs.get(i)[2]).append("]");
		b.append("],\"maps\":[");
		boolean first = true;
		for (final Map m : game.equipment().maps())
		{
			b.append(first ? "" : ",").append("{\"name\":").append(q(String.valueOf(m.name()))).append(",\"pairs\":[");
			first = false;
			final int[] keys = m.map().keys();
			java.util.Arrays.sort(keys);
			for (int k = 0; k < keys.length; k++)
				b.append(k > 0 ? "," : "").append("[").append(keys[k]).append(",").append(m.map().get(keys[k])).append("]");
			b.append("]}");
		}
		b.append("],\"tracks\":[");
		first = true;
		for (final game.equipment.container.board.Track t : game.board().tracks())
		{
			b.append(first ? "" : ",").append("{\"name\":").append(q(t.name())).append(",\"owner\":").append(t.owner()).append(",\"sites\":[");
			first = false;
			for (int k = 0; k < t.elems().length; k++)
				b.append(k > 0 ? "," : "").append(t.elems()[k].site);
			b.append("]}");
		}
		b.append("],\"uses_score\":").append(game.requiresScore());
		b.append(",\"players\":").append(game.players().count()).append("}");
		return b.toString();
	}

	/** The sites of the players' hands, in container order: {container, site, owner}. */
	static List<int[]> handSites()
	{
		final List<int[]> out = new ArrayList<>();
		final Container[] cs = game.equipment().containers();
		for (int c = 1; c < cs.length; c++)
			if (cs[c].isHand())
				for (int s = 0; s < cs[c].numSites(); s++)
					out.add(new int[] { c, context.sitesFrom()[c] + s, cs[c].owner() });
		return out;
	}

	static String state()
	{
		final StringBuilder b = new StringBuilder("{");
		final Trial trial = context.trial();
		b.append("\"mover\":").append(context.state().mover());
		b.append(",\"next\":").append(context.state().next());
		b.append(",\"over\":").append(trial.over());
		b.append(",\"winner\":").append(trial.status() == null ? -1 : trial.status().winner());
		b.append(",\"ranking\":[");
		final double[] r = trial.ranking();
		for (int p = 1; p < r.length; p++)
			b.append(p > 1 ? "," : "").append(String.format(Locale.US, "%.2f", Double.valueOf(r[p])));
		b.append("],\"scores\":[");
		for (int p = 1; p <= game.players().count(); p++)
			b.append(p > 1 ? "," : "").append(game.requiresScore() ? context.score(p) : 0);
		b.append("],\"phase\":").append(context.state().currentPhase(context.state().mover()));
		b.append(",\"num_moves\":").append(trial.numMoves());
		b.append(",\"counts\":[");
		final List<? extends TopologyElement> els = boardSites();
		for (int i = 0; i < els.size(); i++)
			b.append(i > 0 ? "," : "").append(seeds(context.containerState(0), els.get(i).index(), siteType()));
		b.append("],\"hands\":[");
		final List<int[]> hs = handSites();
		for (int i = 0; i < hs.size(); i++)
			b.append(i > 0 ? "," : "").append(seeds(context.containerState(hs.get(i)[0]), hs.get(i)[1], SiteType.Cell));
		b.append("],\"moves\":[");
		legal = new ArrayList<>();
		if (!trial.over())
			for (final Move m : game.moves(context).moves())
				legal.add(m);
		for (int i = 0; i < legal.size(); i++)
		{
			final Move m = legal.get(i);
			final Set<String> ts = new LinkedHashSet<>();
			tracks(m.then(), ts, new IdentityHashMap<>(), 0);
			b.append(i > 0 ? "," : "").append("{\"from\":").append(m.from()).append(",\"to\":").append(m.to());
			b.append(",\"mover\":").append(m.mover());
			b.append(",\"type\":").append(q(String.valueOf(m.actionType())));
			b.append(",\"pass\":").append(m.isPass());
			b.append(",\"tracks\":[");
			int k = 0;
			for (final String t : ts)
				b.append(k++ > 0 ? "," : "").append(q(t));
			String txt = m.toString();
			if (txt.length() > 160)
				txt = txt.substring(0, 160);
			b.append("],\"text\":").append(q(txt)).append("}");
		}
		b.append("]}");
		return b.toString();
	}

	// the process's CPU time in seconds (the playing thread, the collector's,
	// the compiler's), or -1
	static double cpuSeconds()
	{
		final java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
		if (os instanceof com.sun.management.OperatingSystemMXBean)
			return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() / 1e9;
		return -1;
	}

	// Ludii's random playouts from the start, as Referee.timeRandomPlayouts:
	// a warm-up, then the timed playouts. On a shared machine the wall clock
	// says little, so both last until the process has used that much CPU
	// time (at most five times as much wall time), and the rates are given
	// per second of wall time and per second of CPU time
	static String bench(final double secs, final double warm)
	{
		final Context c = new Context(context);
		final Game g = c.game();
		final long t = System.nanoTime();
		final double cpuW = cpuSeconds();
		while ((System.nanoTime() - t) / 1e9 < 5 * warm && (cpuW < 0 ? (System.nanoTime() - t) / 1e9 : cpuSeconds() - cpuW) < warm)
		{
			g.start(c);
			g.playout(c, null, 1.0, null, 0, -1, ThreadLocalRandom.current());
		}
		System.gc();
		final java.lang.management.ThreadMXBean tb = java.lang.management.ManagementFactory.getThreadMXBean();
		final double cpu0 = cpuSeconds();
		final long thr0 = tb.getCurrentThreadCpuTime();
		final long start = System.nanoTime();
		long stop = start;
		long playouts = 0, moves = 0, real = 0;
		while ((stop - start) / 1e9 < 5 * secs && (cpu0 < 0 ? (stop - start) / 1e9 : cpuSeconds() - cpu0) < secs)
		{
			g.start(c);
			g.playout(c, null, 1.0, null, 0, -1, ThreadLocalRandom.current());
			stop = System.nanoTime();
			moves += c.trial().numMoves();
			real += c.trial().numberRealMoves();
			playouts++;
		}
		final double s = (stop - start) / 1e9;
		final double cpu = cpu0 < 0 ? s : cpuSeconds() - cpu0;
		final double thr = (tb.getCurrentThreadCpuTime() - thr0) / 1e9;
		return String.format(Locale.US, "{\"playouts\":%d,\"moves\":%d,\"real_moves\":%d,\"seconds\":%.3f,\"cpu_seconds\":%.3f,"
				+ "\"thread_cpu_seconds\":%.3f,\"playouts_per_s\":%.2f,\"moves_per_s\":%.2f,\"real_moves_per_s\":%.2f,"
				+ "\"playouts_per_cpu_s\":%.2f,\"moves_per_cpu_s\":%.2f,\"real_moves_per_cpu_s\":%.2f}",
				Long.valueOf(playouts), Long.valueOf(moves), Long.valueOf(real), Double.valueOf(s), Double.valueOf(cpu),
				Double.valueOf(thr), Double.valueOf(playouts / s), Double.valueOf(moves / s), Double.valueOf(real / s),
				Double.valueOf(playouts / cpu), Double.valueOf(moves / cpu), Double.valueOf(real / cpu));
	}

	static void restart()
	{
		context = new Context(game, new Trial(game));
		game.start(context);
	}

	public static void main(final String[] args) throws Exception
	{
		if (args.length < 1)
		{
			System.err.println("usage: LudiiDriver GAME.lud [--ruleset NAME] [--option Cat/Item]...");
			System.exit(2);
		}
		String ruleset = null;
		final List<String> options = new ArrayList<>();
		for (int i = 1; i < args.length; i++)
		{
			if (args[i].equals("--ruleset") && i + 1 < args.length)
				ruleset = args[++i];
			else if (args[i].equals("--option") && i + 1 < args.length)
				options.add(args[++i]);
			else
			{
				System.err.println("LudiiDriver: unknown argument " + args[i]);
				System.exit(2);
			}
		}
		final String name = args[0];
		final File file = new File(name);
		if (file.isFile())
			game = ruleset != null ? GameLoader.loadGameFromFile(file, ruleset) : GameLoader.loadGameFromFile(file, options);
		else
			game = ruleset != null ? GameLoader.loadGameFromName(name, ruleset) : GameLoader.loadGameFromName(name, options);
		if (game == null)
		{
			System.err.println("LudiiDriver: cannot load " + name);
			System.exit(1);
		}
		restart();
		System.out.println("{\"ready\":" + q(game.name()) + "}");
		System.out.flush();
		final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
		String line;
		while ((line = in.readLine()) != null)
		{
			final String[] w = line.trim().split("\\s+");
			String out;
			try
			{
				switch (w[0])
				{
				case "layout":
					out = layout();
					break;
				case "state":
					out = state();
					break;
				case "apply":
				{
					final int k = Integer.parseInt(w[1]);
					if (k < 0 || k >= legal.size())
						out = "{\"error\":\"no legal move " + k + "\"}";
					else
					{
						game.apply(context, legal.get(k));
						legal = new ArrayList<>();
						out = "{\"ok\":true}";
					}
					break;
				}
				case "restart":
					restart();
					out = "{\"ok\":true}";
					break;
				case "bench":
					out = bench(Double.parseDouble(w[1]), w.length > 2 ? Double.parseDouble(w[2]) : 10.0);
					break;
				case "quit":
					return;
				case "":
					continue;
				default:
					out = "{\"error\":" + q("unknown command " + w[0]) + "}";
				}
			}
			catch (final Exception e)
			{
				out = "{\"error\":" + q(e.toString()) + "}";
			}
			System.out.println(out);
			System.out.flush();
		}
	}
}
