package sitio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
)

// El sitio en varios procesos (Opciones.Bus). Cada proceso web tiene en
// memoria las partidas que le pidieron sus clientes (y, al arrancar, las
// que estaban en curso), cada una con su Mesa sobre el almacén compartido:
// cualquier proceso sirve cualquier partida. Quien guarda un movimiento lo
// anuncia (bus.Novedad: la partida y cuántos movimientos tiene); los demás
// procesos que la tienen leen del almacén los que les faltan
// (almacen.Mesa.Seguir) y los repiten en su servidor.Servidor, que los
// empuja a sus jugadores y espectadores. Si dos procesos quieren guardar
// el mismo movimiento, el almacén rechaza al segundo (ErrConflicto), que
// se pone al día y responde como si hubiera llegado tarde. Los relojes
// viajan con los movimientos (lo que tardó cada uno); la bandera la
// vigila cada proceso que tiene la partida, y la baja el primero.

// ErrSinSecreto es el error de abrir una Sala sobre PostgreSQL sin
// Opciones.Secreto: la clave de las sesiones debe ser la misma en todos
// los procesos, y no hay un archivo al lado de la base donde guardarla.
var ErrSinSecreto = errors.New("con PostgreSQL hace falta -secreto: el archivo de la clave de las sesiones, el mismo en todos los procesos web")

// red es lo que la Sala tiene del Bus.
type red struct {
	mu      sync.Mutex
	cerrada bool
	subs    []*nats.Subscription
	prefijo int64 // el de los números de las mesas de este proceso (mesasrepartidas.go)

	muVivos sync.Mutex
	vivos   map[int64]time.Time // los prefijos de los procesos web y su último latido (mesasrepartidas.go)
	desde   time.Time           // cuándo empezó a escuchar los latidos
}

// seguimiento ordena las puestas al día de una partida: las novedades
// que llegan se encolan y una sola gorutina las repite en orden (la de la
// suscripción no espera a ninguna partida), leyendo el almacén solo si
// hace falta.
type seguimiento struct {
	mu      sync.Mutex
	corre   bool
	cola    []bus.Novedad
	leer    bool      // hay que leer el almacén
	proxima time.Time // la próxima lectura de vigilarPartidas
}

// prepararArchivos completa op.Secreto y devuelve el archivo del latido
// ("" con PostgreSQL), creando el directorio de los archivos.
func prepararArchivos(op *Opciones) (string, error) {
	if abrir.EsPostgres(op.DB) {
		if op.Secreto == "" {
			return "", ErrSinSecreto
		}
		return "", os.MkdirAll(filepath.Dir(op.Secreto), 0o700)
	}
	if err := os.MkdirAll(filepath.Dir(op.DB), 0o700); err != nil {
		return "", err
	}
	if op.Secreto == "" {
		op.Secreto = op.DB + ".clave"
	} else if err := os.MkdirAll(filepath.Dir(op.Secreto), 0o700); err != nil {
		return "", err
	}
	return op.DB + ".latido", nil
}

// unirse se suscribe a las novedades y revocaciones del Bus, y arranca los
// trabajadores locales. Sin Bus no hace nada.
func (s *Sala) unirse() error {
	b := s.op.Bus
	if b == nil {
		return nil
	}
	sub, err := b.Novedades(s.recibirNovedad)
	if err != nil {
		return err
	}
	s.red.subs = append(s.red.subs, sub)
	if sub, err = b.Revocaciones(s.revocarSesion); err != nil {
		return err
	}
	s.red.subs = append(s.red.subs, sub)
	if sub, err = b.Conn().Subscribe(asuntoRevancha, s.recibirRevancha); err != nil {
		return err
	}
	s.red.subs = append(s.red.subs, sub)
	if err := s.prepararMesas(); err != nil {
		return err
	}
	if err := s.prepararPresencia(); err != nil {
		return err
	}
	s.enFondo(s.vigilarPartidas)
	if s.op.Trabajadores > 0 {
		s.enFondo(func() {
			op := trabajador.Opciones{N: s.op.Trabajadores, Plazo: s.op.PlazoBot, Registro: s.log.Writer(),
				Pausa: s.pausaRevision, Revisadas: func(int64) { s.analizadas.Add(1) }}
			if s.op.SinAnalisis {
				op.Revisores = -1
			}
			trabajador.Servir(s.ctx, b, s.almacen, s.cat, op)
		})
	}
	return nil
}

// separarse deja de recibir del Bus (no lo cierra: es de quien lo pasó).
func (s *Sala) separarse() {
	s.red.mu.Lock()
	s.red.cerrada = true
	subs := s.red.subs
	s.red.subs = nil
	s.red.mu.Unlock()
	for _, sub := range subs {
		sub.Unsubscribe()
	}
}

// enFondoSiAbierta es enFondo desde una suscripción: no lanza nada si la
// sala ya se separó del Bus (Cerrar ya espera a las de fondo).
func (s *Sala) enFondoSiAbierta(f func()) {
	s.red.mu.Lock()
	defer s.red.mu.Unlock()
	if s.red.cerrada || s.ctx.Err() != nil {
		return
	}
	s.enFondo(f)
}

// anunciar publica que la partida id tiene n movimientos guardados; los
// últimos son nuevos (si no es nil), que viajan en el anuncio.
func (s *Sala) anunciar(id int64, n int, nuevos []almacen.Movimiento) {
	if s.op.Bus == nil {
		return
	}
	nov := bus.Novedad{Partida: id, N: n}
	if len(nuevos) > 0 {
		nov.Desde, nov.Movs = n-len(nuevos), almacen.CodificarMovimientos(nuevos)
	}
	if err := s.op.Bus.Anunciar(nov); err != nil && s.ctx.Err() == nil {
		s.registrar("partida %d: anunciando: %v", id, err)
	}
}

// recibirNovedad encola la novedad en su partida si está en memoria (sin
// esperar a nada: la Mesa puede estar guardando; las de este mismo proceso
// se descartan al repetirlas, porque ya están al día).
func (s *Sala) recibirNovedad(n bus.Novedad) {
	s.mu.Lock()
	p, ok := s.partidas[n.Partida]
	s.mu.Unlock()
	if ok {
		p.seguirNovedad(&n)
	}
}

// alDia pone p al día con el almacén antes de que una conexión tome su
// foto, si hay otros procesos: la partida puede estar en memoria desde
// antes y atrasada (un proceso que guardó movimientos y murió antes de
// anunciarlos, o una lectura del almacén anterior al último guardado), y
// quien vuelve de otro proceso no debe ver menos movimientos de los que ya
// vio. Un error se registra y la foto sale igual: la puesta al día de
// fondo la corrige.
func (s *Sala) alDia(ctx context.Context, p *partida) {
	if s.op.Bus == nil {
		return
	}
	if err := p.alcanzar(ctx); err != nil && ctx.Err() == nil {
		s.registrar("partida %d: poniéndose al día al entrar: %v", p.id, err)
	}
}

// pedirAlcance pide poner la partida al día leyendo el almacén.
func (p *partida) pedirAlcance() { p.seguirNovedad(nil) }

// seguirNovedad encola la novedad n (nil: leer el almacén) y, si no hay
// una gorutina que las repita, lanza una.
func (p *partida) seguirNovedad(n *bus.Novedad) {
	sg := &p.seguir
	sg.mu.Lock()
	if n != nil {
		sg.cola = append(sg.cola, *n)
	} else {
		sg.leer = true
	}
	if sg.corre {
		sg.mu.Unlock()
		return
	}
	sg.corre = true
	sg.mu.Unlock()
	p.sala.enFondoSiAbierta(p.repetirNovedades)
}

// repetirNovedades repite las novedades encoladas, en orden, hasta que no
// quedan: con los movimientos que traen si la partida está justo antes; si
// no, leyendo el almacén.
func (p *partida) repetirNovedades() {
	sg := &p.seguir
	ctx := p.sala.ctx
	for {
		sg.mu.Lock()
		cola, leer := sg.cola, sg.leer
		sg.cola, sg.leer = nil, false
		if (len(cola) == 0 && !leer) || ctx.Err() != nil {
			sg.corre = false
			sg.mu.Unlock()
			return
		}
		sg.mu.Unlock()
		p.mu.Lock()
		for _, n := range cola {
			if p.fin != nil || p.mesa.Movimientos() >= n.N {
				continue
			}
			movs, err := almacen.DecodificarMovimientos(n.Movs)
			if len(n.Movs) == 0 || err != nil || !p.alcanzarCon(n.Desde, movs) {
				leer = true
			}
		}
		if leer {
			if err := p.alcanzarBloqueado(ctx); err != nil && ctx.Err() == nil {
				p.sala.registrar("partida %d: poniéndose al día: %v", p.id, err)
			}
		}
		p.mu.Unlock()
	}
}

// alcanzar pone la partida al día con el almacén: repite los movimientos
// que guardó otro proceso (o un trabajador) y avisa a quienes la miran.
func (p *partida) alcanzar(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.alcanzarBloqueado(ctx)
}

// alcanzarBloqueado es alcanzar con mu tomado.
func (p *partida) alcanzarBloqueado(ctx context.Context) error {
	if p.fin != nil {
		return nil
	}
	j, nuevos, err := p.mesa.Seguir(ctx)
	if err != nil || len(nuevos) == 0 {
		return err
	}
	return p.repetirNuevos(j, nuevos)
}

// alcanzarCon pone la partida al día con los movimientos movs, los que
// siguen al número desde, sin leer el almacén; si la partida no tiene
// exactamente desde movimientos (o no se pueden repetir) no hace nada y
// devuelve false. Requiere mu.
func (p *partida) alcanzarCon(desde int, movs []almacen.Movimiento) bool {
	j, ok := p.mesa.SeguirCon(desde, movs)
	if !ok {
		return false
	}
	return p.repetirNuevos(j, movs) == nil
}

// repetirNuevos repite en la partida los movimientos nuevos que la Mesa ya
// hizo, desde el juego j de antes: la planilla, el servidor (que los
// anuncia a los asientos), el reloj y el final; y avisa a quienes miran.
// Requiere mu.
func (p *partida) repetirNuevos(j *juego.Juego, nuevos []almacen.Movimiento) error {
	porBot := false
	for _, mov := range nuevos {
		if err := repetir(j, p.srv, mov); err != nil {
			return err
		}
		p.planilla = append(p.planilla, renglonDe(len(p.planilla), mov, j, p.totalAntes(mov.Jugador)))
		if mov.Tipo != juego.SucesoAjuste && mov.Jugador >= 0 && mov.Jugador < len(p.asientos) {
			porBot = p.asientos[mov.Jugador].Nivel != ""
		}
	}
	p.usados = p.mesa.Usados()
	p.desde = time.Now()
	p.ultimos, p.ultimosDesde = nuevos, p.mesa.Movimientos()-len(nuevos)
	if _, fin := j.Terminada(); fin || p.mesa.Partida().Estado == almacen.Terminada {
		ultimo := nuevos[len(nuevos)-1]
		motivo := almacen.AjusteOtro
		if ultimo.Tipo == juego.SucesoAjuste && ultimo.Motivo.Pierde() {
			motivo = ultimo.Motivo
		}
		puntajes := make([]int, j.Jugadores())
		for i := range puntajes {
			puntajes[i], _ = j.Puntaje(i)
		}
		p.fin = finalDe(j, puntajes, motivo)
		if motivo != almacen.AjusteOtro {
			p.abandonar()
		}
		if p.bandera != nil {
			p.bandera.Stop()
		}
		if porBot { // lo terminó un trabajador: lo encarga cada proceso que la tenía (la cola lo guarda una vez)
			p.sala.encargarRevision(p.id)
		}
	} else {
		p.vigilarBandera()
	}
	p.avisar()
	return nil
}

// repetir hace el movimiento guardado mov en el juego j y en el servidor
// srv (que lo anuncia a los asientos); los ajustes, solo en j.
func repetir(j *juego.Juego, srv *servidor.Servidor, mov almacen.Movimiento) error {
	var err error
	switch mov.Tipo {
	case juego.SucesoColocacion:
		_, err = j.Ubicar(mov.Jugada)
		srv.Recibir(mov.Jugador, mov.Jugada)
	case juego.SucesoPase:
		err = j.Pasar()
		srv.Recibir(mov.Jugador, ocurrencia.Ocurrencia{})
	case juego.SucesoCambio:
		err = j.Cambiar(mov.Cambiadas)
		srv.RecibirCambio(mov.Jugador, mov.Cambiadas)
	case juego.SucesoAjuste:
		err = j.Ajustar(mov.Jugador, mov.Puntos)
	}
	return err
}

// revocarEnTodos cierra la sesión de ese resumen en todos los procesos web
// (en este mismo, sin Bus). Las páginas y la API ya la rechazan en todos (la
// sesión se borró del almacén compartido); lo que queda abierto son los
// WebSocket, que cierra revocarSesion en cada proceso al recibir el aviso
// (también en este, que está suscrito como los demás).
func (s *Sala) revocarEnTodos(resumen []byte) {
	if s.op.Bus == nil {
		s.revocarSesion(resumen)
		return
	}
	if err := s.op.Bus.Revocar(resumen); err != nil {
		s.registrar("revocando una sesión: %v", err)
		s.revocarSesion(resumen)
	}
}

// tarde responde a la acción a del asiento que otro proceso se adelantó a
// guardar (ErrConflicto): pone la partida al día y lo anuncia (quien lo
// guardó pudo morir antes de anunciarlo). Lo guardado, si era el turno
// del asiento, es su propia jugada, enviada antes a un proceso que murió
// antes de confirmarla (y quizá las que siguieron): la confirmación y lo
// que siguió le llegan ahora con la puesta al día, sin otra respuesta. Si
// no había nada nuevo (no debería pasar), o se rendía, pide reintentar.
// Requiere mu.
func (p *partida) tarde(ctx context.Context, asiento int, a accion) error {
	antes := p.mesa.Movimientos()
	if err := p.alcanzarBloqueado(ctx); err != nil {
		return p.errorDeMesa(err)
	}
	p.sala.anunciar(p.id, p.mesa.Movimientos(), nil)
	if p.fin != nil {
		return ErrPartidaCerrada
	}
	if a.tipo == "rendirse" || p.mesa.Movimientos() == antes {
		return fmt.Errorf("%w (otro proceso guardó antes)", ErrAlmacen)
	}
	return nil
}

// vigilarPartidas pone al día cada tanto las partidas en memoria que
// esperan sin novedades: un proceso que guardó un movimiento y murió antes
// de anunciarlo deja a los demás esperando un anuncio que no llega. Cada
// partida en curso sin novedades en el último segundo se revisa a lo sumo
// cada 3 s: las que tocan en cada vuelta se preguntan juntas al almacén
// (atrasadas, una lectura de cuántos movimientos tiene guardados cada
// una), y solo las que tienen más que en memoria se leen enteras.
func (s *Sala) vigilarPartidas() {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
		}
		ahora := time.Now()
		var tocan []*partida
		for _, p := range s.enMemoria() {
			p.mu.Lock()
			quieta := p.fin == nil && ahora.Sub(p.ultima) > time.Second
			p.mu.Unlock()
			sg := &p.seguir
			sg.mu.Lock()
			toca := quieta && ahora.After(sg.proxima)
			if toca {
				sg.proxima = ahora.Add(3 * time.Second)
			}
			sg.mu.Unlock()
			if toca {
				tocan = append(tocan, p)
			}
		}
		if len(tocan) == 0 {
			continue
		}
		ctx, cancelar := context.WithTimeout(s.ctx, 5*time.Second)
		atrasadas, err := s.atrasadas(ctx, tocan)
		cancelar()
		if err != nil {
			if s.ctx.Err() == nil {
				s.registrar("vigilando %d partidas: %v", len(tocan), err)
			}
			continue // vuelven a tocar en 3 s
		}
		for _, p := range atrasadas {
			p.pedirAlcance()
		}
	}
}

// atrasadas devuelve las partidas de ps que tienen en el almacén más
// movimientos guardados que en memoria, o que ya no están en él (leerlas
// da el error, que se registra como antes), con una sola lectura.
func (s *Sala) atrasadas(ctx context.Context, ps []*partida) ([]*partida, error) {
	ids := make([]int64, len(ps))
	for i, p := range ps {
		ids[i] = p.id
	}
	guardados, err := s.almacen.MovimientosGuardados(ctx, ids)
	if err != nil {
		return nil, err
	}
	var res []*partida
	for _, p := range ps {
		// Lo que tiene en memoria, leído después del almacén: lo que este
		// proceso guardó antes de la lectura ya está en la Mesa (una
		// jugada propia a medio guardar puede dar una lectura de más, que
		// no encuentra nada nuevo).
		if n, ok := guardados[p.id]; !ok || n > p.mesa.Movimientos() {
			res = append(res, p)
		}
	}
	return res, nil
}

// leerPartida lee la partida id del almacén y la reanuda en una Mesa, las
// dos en el mismo movimiento: otro proceso puede guardar uno entre las dos
// lecturas, y entonces la partida se recorta a lo que tiene la Mesa (lo
// que falta llega con la puesta al día). Los errores son los de
// almacen.Reanudar.
func (s *Sala) leerPartida(ctx context.Context, id int64) (almacen.Partida, *almacen.Mesa, error) {
	m, err := almacen.Reanudar(ctx, s.almacen, s.cat, id)
	if err != nil {
		return almacen.Partida{}, nil, err
	}
	p, err := s.almacen.Partida(ctx, id)
	if err != nil {
		return almacen.Partida{}, nil, err
	}
	if n := m.Movimientos(); len(p.Movimientos) > n {
		r := m.Partida()
		p.Movimientos = p.Movimientos[:n]
		p.Estado, p.Puntajes, p.Actualizada = r.Estado, r.Puntajes, r.Actualizada
	}
	return p, m, nil
}

// enJuegoRepartido es EnJuego con varios procesos: las partidas en curso
// del almacén compartido (las 50 creadas más recientemente), no solo las
// que este proceso tiene en memoria.
func (s *Sala) enJuegoRepartido() []resumenPartida {
	ctx, cancelar := context.WithTimeout(s.ctx, 5*time.Second)
	defer cancelar()
	rs, err := s.almacen.Partidas(ctx, almacen.Filtro{Estado: almacen.EnCurso, Limite: 50})
	if err != nil {
		s.registrar("en juego: %v", err)
		return []resumenPartida{}
	}
	res := make([]resumenPartida, 0, len(rs))
	for _, r := range rs {
		rg, _ := s.reglasDe(r.Diccionario)
		rp := resumenPartida{ID: r.ID, Reglas: rg.Nombre, Idioma: rg.Idioma, Asiento: -1, Movimientos: r.Movimientos,
			Puntajes: r.Puntajes, Actualizada: r.Actualizada.Local().Format("15:04:05")}
		rp.Nombres, _ = s.nombresDe(ctx, r.Asientos)
		res = append(res, rp)
	}
	return res
}

// asuntoRevancha lleva las revanchas ofrecidas: la partida, su mesa y,
// cuando empieza, su partida.
const asuntoRevancha = "palabras.revancha"

// revanchaAnunciada es lo que viaja por asuntoRevancha.
type revanchaAnunciada struct {
	Partida int64 `json:"p"`
	Mesa    int64 `json:"m"`
	Nueva   int64 `json:"n,omitempty"`
}

// anunciarRevancha cuenta a los demás procesos que la partida id tiene la
// revancha de la mesa mesa (y, si nueva no es 0, que empezó como esa
// partida), para que la ofrezcan a quienes la miran desde ellos.
func (s *Sala) anunciarRevancha(id, mesa, nueva int64) {
	if s.op.Bus == nil {
		return
	}
	datos, _ := json.Marshal(revanchaAnunciada{Partida: id, Mesa: mesa, Nueva: nueva})
	if err := s.op.Bus.Conn().Publish(asuntoRevancha, datos); err != nil && s.ctx.Err() == nil {
		s.registrar("partida %d: anunciando la revancha: %v", id, err)
	}
}

// recibirRevancha anota la revancha anunciada en la partida, si está en
// memoria.
func (s *Sala) recibirRevancha(m *nats.Msg) {
	var r revanchaAnunciada
	if json.Unmarshal(m.Data, &r) != nil {
		return
	}
	s.mu.Lock()
	p, ok := s.partidas[r.Partida]
	s.mu.Unlock()
	if ok {
		p.ofrecerRevancha(r.Mesa, r.Nueva)
	}
}
