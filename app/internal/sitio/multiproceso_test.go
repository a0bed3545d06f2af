package sitio

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/almacen/pruebapg"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
)

// Variables de entorno con que la prueba multiproceso vuelve a ejecutar
// este mismo binario como un proceso web o un trabajador.
const (
	varRol     = "PALABRAS_MULTI_ROL"     // "web" o "trabajador"
	varDirRol  = "PALABRAS_MULTI_DIR"     // dónde avisa que está listo (y su URL)
	varDBRol   = "PALABRAS_MULTI_DB"      // la URL de PostgreSQL
	varNATSRol = "PALABRAS_MULTI_NATS"    // la URL de NATS
	varClave   = "PALABRAS_MULTI_SECRETO" // el archivo de la clave de las sesiones
	varNTrab   = "PALABRAS_MULTI_N"       // jugadas a la vez de un trabajador (2)
)

// hijoRepartido es un proceso de la prueba multiproceso: sirve hasta que
// lo matan.
func hijoRepartido(rol string) int {
	dir, db := os.Getenv(varDirRol), os.Getenv(varDBRol)
	b, err := bus.Conectar(os.Getenv(varNATSRol), "prueba-"+rol)
	if err != nil {
		fmt.Fprintln(os.Stderr, rol+":", err)
		return 1
	}
	avisar := func(contenido string) {
		os.WriteFile(filepath.Join(dir, "listo.tmp"), []byte(contenido), 0o644)
		os.Rename(filepath.Join(dir, "listo.tmp"), filepath.Join(dir, "listo"))
	}
	ctx := context.Background()
	switch rol {
	case "web":
		op := sinCotas(Opciones{DB: db, Secreto: os.Getenv(varClave), Bus: b, Semilla: func() uint64 { return semillaGuion },
			Registro: os.Stderr, MensajesPorSegundo: 100, Rafaga: 200, SinAnalisis: true})
		err = Servir(ctx, "127.0.0.1:0", op, "", "", func(url string, s *Sala) { avisar(url) })
	case "trabajador":
		var a abrir.Almacen
		if a, err = abrir.Abrir(ctx, db); err == nil {
			bases, _ := trabajador.Bases("")
			avisar("listo")
			n := 2
			if x, e := strconv.Atoi(os.Getenv(varNTrab)); e == nil {
				n = x
			}
			err = trabajador.Servir(ctx, b, a, almacen.NuevoCatalogo(a, bases...), trabajador.Opciones{N: n, Registro: os.Stderr})
		}
	}
	fmt.Fprintln(os.Stderr, rol+":", err)
	return 1
}

// arrancarRol arranca un proceso hijo del rol dado y espera a que esté
// listo.
func arrancarRol(t *testing.T, rol string, env ...string) *servidorHijo {
	t.Helper()
	dir := t.TempDir()
	h := &servidorHijo{cmd: exec.Command(os.Args[0], "-test.run=^$")}
	h.cmd.Env = append(append(os.Environ(), varRol+"="+rol, varDirRol+"="+dir), env...)
	h.cmd.Stdout, h.cmd.Stderr = &h.salida, &h.salida
	require.NoError(t, h.cmd.Start())
	limite := time.Now().Add(60 * time.Second)
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "listo")); err == nil {
			h.url = string(b)
			break
		}
		if time.Now().After(limite) {
			t.Fatalf("el %s no arrancó: %s", rol, h.salida.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	h.listo = time.Now()
	t.Cleanup(h.matar)
	return h
}

// servidorNATS arranca un servidor NATS con JetStream en 127.0.0.1, en un
// puerto libre, solo para la prueba (así no comparte la cola de los bots
// con nadie), y devuelve su URL.
func servidorNATS(t *testing.T) string {
	t.Helper()
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(),
		NoLog: true, NoSigs: true})
	require.NoError(t, err)
	go srv.Start()
	require.True(t, srv.ReadyForConnections(10*time.Second))
	t.Cleanup(func() {
		srv.Shutdown()
		srv.WaitForShutdown()
	})
	return srv.ClientURL()
}

// TestMultiproceso: PostgreSQL, NATS, 3 procesos web y 2 trabajadores de
// bots, procesos hijos de verdad por loopback. Partidas entre clientes
// guionados (la mesa abierta en un proceso y el segundo jugador sentándose
// desde otro; cada jugador en un proceso, un espectador en el tercero) y
// contra bots (el jugador pasa; el espectador en otro proceso), y a mitad
// de la corrida SIGKILL a un proceso web y a un trabajador. Exige: toda
// partida termina, ningún movimiento confirmado se pierde (lo que cada
// cliente recibió es lo guardado), cada cliente del proceso muerto vuelve
// a otro en 2 s como mucho, y cada espectador ve cada jugada. Informa la
// demora de las notificaciones entre procesos (de la confirmación al que
// jugó a la llegada al espectador en otro proceso): p50, p99 y máx, de
// todas y de las que no están cerca de la caída (el objetivo, p99 de
// 100 ms, se informa, no se exige). Solo con PALABRAS_LARGAS=1;
// PALABRAS_MULTI=n cambia la cantidad de partidas entre personas (150),
// PALABRAS_MULTI_BOTS las de bots (50) y PALABRAS_MULTI_PAUSA lo que
// piensa cada jugador antes de jugar, en ms (20: entre 10 y 30 ms, lo que
// satura los 2 núcleos de la máquina de las pruebas; 2000 es un ritmo de
// persona).
func TestMultiproceso(t *testing.T) {
	pruebas.SoloLargas(t)
	nPersonas, nBots := entorno(t, "PALABRAS_MULTI", 150), entorno(t, "PALABRAS_MULTI_BOTS", 50)
	pausa := time.Duration(entorno(t, "PALABRAS_MULTI_PAUSA", 20)) * time.Millisecond
	db := pruebapg.URL(t)
	env := []string{varDBRol + "=" + db, varNATSRol + "=" + servidorNATS(t), varClave + "=" + filepath.Join(t.TempDir(), "clave")}
	webs := make([]*servidorHijo, 3)
	for i := range webs {
		webs[i] = arrancarRol(t, "web", env...)
	}
	trabs := []*servidorHijo{arrancarRol(t, "trabajador", env...), arrancarRol(t, "trabajador", env...)}
	var muerto atomic.Int32
	muerto.Store(-1)
	// base elige el proceso preferido del cliente, u otro si está muerto.
	base := func(pref int) func() string {
		return func() string {
			if int(muerto.Load()) == pref {
				pref = (pref + 1) % len(webs)
			}
			return webs[pref].url
		}
	}
	pasos := guion(t)
	ctx, cancelar := context.WithTimeout(context.Background(), 8*time.Minute+time.Duration(len(pasos))*2*pausa)
	defer cancelar()

	// Las partidas, creadas cada una en un proceso.
	type partidaPersonas struct {
		id  int64
		jgs [2]*jugadorGuion
		esp *mirada
	}
	type partidaBot struct {
		id      int64
		c       *cliente
		pref    int
		rs      []respuesta
		fotos   []time.Time
		esp     *mirada
		espPref int
	}
	var acks atomic.Int64
	ps := make([]*partidaPersonas, nPersonas)
	bs := make([]*partidaBot, nBots)
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for i := range nPersonas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			id, cs := partidaEntreSalas(t, webs[i%3].url, webs[(i+1)%3].url, relojTorneo) // la mesa en un proceso, el segundo se sienta desde otro
			p := &partidaPersonas{id: id}
			for a := range 2 {
				p.jgs[a] = &jugadorGuion{url: base((i + a) % 3), c: cs[a], partida: id, asiento: a, pasos: pasos, acks: &acks,
					pausa: pausa, acuses: map[int]time.Time{}}
			}
			ps[i] = p
		}()
	}
	for i := range nBots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			c := invitado(t, webs[i%3].url)
			var m sentado
			require.Equal(t, 200, c.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &m))
			require.NotZero(t, m.Partida)
			bs[i] = &partidaBot{id: m.Partida, c: c, pref: (i + 1) % 3, espPref: (i + 2) % 3}
		}()
	}
	wg.Wait()

	inicio := time.Now()
	errs := make(chan error, 4*(nPersonas+nBots))
	for i, p := range ps {
		for _, jg := range p.jgs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- jg.jugar(ctx)
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			p.esp, err = mirarHastaElFin(ctx, base((i+2)%3), p.id)
			errs <- err
		}()
	}
	for _, b := range bs {
		wg.Add(2)
		go func() {
			defer wg.Done()
			var err error
			b.rs, _, err = jugarContraBot(ctx, base(b.pref), b.c, b.id, &b.fotos)
			errs <- err
		}()
		go func() {
			defer wg.Done()
			var err error
			b.esp, err = mirarHastaElFin(ctx, base(b.espPref), b.id)
			errs <- err
		}()
	}
	// A mitad de las jugadas de las personas, SIGKILL al proceso web 0 y
	// al trabajador 0.
	total := int64(nPersonas * len(pasos))
	for acks.Load() < total/2 {
		require.NoError(t, ctx.Err(), "sin avance antes de matar")
		time.Sleep(5 * time.Millisecond)
	}
	antes := acks.Load()
	webs[0].matar()
	trabs[0].matar()
	muerte := time.Now()
	muerto.Store(0)
	wg.Wait()
	dur := time.Since(inicio)
	close(errs)
	var todos []error
	for err := range errs {
		todos = append(todos, err)
	}
	require.NoError(t, errors.Join(todos...))

	// Lo guardado.
	a, err := abrir.Abrir(context.Background(), db)
	require.NoError(t, err)
	defer a.Close()
	var reconexiones, demoras, tranquilas []time.Duration
	// volvio anota cuánto tardó en volver un cliente del proceso muerto: de
	// la muerte a su primera foto después.
	volvio := func(pref int, fotos []time.Time, quien string) {
		if pref != 0 {
			return
		}
		i := slices.IndexFunc(fotos, func(f time.Time) bool { return f.After(muerte) })
		if i < 0 {
			return // ya había terminado
		}
		d := fotos[i].Sub(muerte)
		reconexiones = append(reconexiones, d)
		require.LessOrEqual(t, d, 2*time.Second, "%s tardó en volver a otro proceso", quien)
	}
	confirmados, enFoto, guardados, perdidos := 0, 0, 0, 0
	for i, p := range ps {
		g := compararConAlmacen(t, a, p.id, p.esp.renglones, fmt.Sprintf("espectador de la partida %d", i))
		require.Equal(t, almacen.Terminada, g.Estado)
		require.True(t, p.esp.fin)
		guardados += len(g.Movimientos)
		volvio((i+2)%3, p.esp.fotos, "un espectador")
		for k, jg := range p.jgs {
			require.True(t, jg.fin)
			compararConAlmacen(t, a, p.id, jg.recibidos, fmt.Sprintf("jugador %d de la partida %d", k, i))
			confirmados += len(jg.acuses)
			enFoto += jg.enFoto
			perdidos += jg.perdidos
			jg.mu.Lock()
			volvio((i+k)%3, jg.fotosEn, "un jugador")
			jg.mu.Unlock()
			for n, t0 := range jg.acuses {
				if n < len(p.esp.llegadas) && !p.esp.llegadas[n].IsZero() && (i+2)%3 != (i+k)%3 {
					d := max(p.esp.llegadas[n].Sub(t0), 0)
					demoras = append(demoras, d)
					if t0.Before(muerte.Add(-time.Second)) || t0.After(muerte.Add(5*time.Second)) {
						tranquilas = append(tranquilas, d)
					}
				}
			}
		}
	}
	movsBot := 0
	for i, b := range bs {
		g := compararConAlmacen(t, a, b.id, b.rs, fmt.Sprintf("jugador contra el bot %d", i))
		compararConAlmacen(t, a, b.id, b.esp.renglones, fmt.Sprintf("espectador contra el bot %d", i))
		require.Equal(t, almacen.Terminada, g.Estado)
		volvio(b.pref, b.fotos, "un jugador contra un bot")
		volvio(b.espPref, b.esp.fotos, "un espectador contra un bot")
		for _, m := range g.Movimientos {
			if m.Jugador == 1 {
				movsBot++
			}
		}
	}
	require.Zero(t, perdidos)
	// Un movimiento guardado por el proceso que murió antes de confirmarlo
	// lo confirma la foto al volver (enFoto): el cliente no lo reenvía.
	require.Equal(t, int(total), confirmados+enFoto, "movimientos confirmados (por acuse o por la foto al volver)")
	require.Equal(t, confirmados+enFoto, guardados, "confirmados a los clientes y guardados")
	require.NotEmpty(t, reconexiones)
	slices.Sort(reconexiones)
	slices.Sort(demoras)
	slices.Sort(tranquilas)
	p99 := percentil(tranquilas, 99)
	t.Logf("multiproceso (pausa %v): 3 procesos web y 2 trabajadores (PostgreSQL, NATS); %d partidas entre personas (%d movimientos confirmados: %d por acuse y %d por la foto al volver; %d guardados, %d perdidos) y %d contra bots (%d jugadas de bot) en %v; SIGKILL al web 0 y al trabajador 0 con %d/%d confirmados",
		pausa, nPersonas, confirmados+enFoto, confirmados, enFoto, guardados, perdidos, nBots, movsBot, dur.Round(time.Millisecond), antes, total)
	t.Logf("reconexiones de los %d clientes del proceso muerto: p50 %v, máx %v; notificaciones entre procesos (%d): p50 %v, p99 %v, máx %v; fuera de la caída (de 1 s antes a 5 s después; %d): p50 %v, p99 %v, máx %v",
		len(reconexiones), percentil(reconexiones, 50).Round(time.Millisecond), reconexiones[len(reconexiones)-1].Round(time.Millisecond),
		len(demoras), percentil(demoras, 50).Round(100*time.Microsecond), percentil(demoras, 99).Round(100*time.Microsecond), demoras[len(demoras)-1].Round(100*time.Microsecond),
		len(tranquilas), percentil(tranquilas, 50).Round(100*time.Microsecond), p99.Round(100*time.Microsecond), tranquilas[len(tranquilas)-1].Round(100*time.Microsecond))
	if p99 > 100*time.Millisecond {
		t.Logf("AVISO: p99 de las notificaciones entre procesos fuera de la caída %v supera el objetivo de 100 ms", p99)
	}
}

// entorno lee la variable v como un entero, o porOmision.
func entorno(t *testing.T, v string, porOmision int) int {
	s := os.Getenv(v)
	if s == "" {
		return porOmision
	}
	n, err := strconv.Atoi(s)
	require.NoError(t, err, v)
	return n
}
