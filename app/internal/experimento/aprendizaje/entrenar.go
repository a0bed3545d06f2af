// Package aprendizaje aprende por autojuego la tabla de hojas
// (analisis/hojas) de una variante (el programa app/cmd/hojas): cada
// generación juega sus partidas entre dos expertos que usan la tabla de la
// generación anterior y aprende una nueva; guarda su estado después de
// cada bloque de partidas para seguir si se interrumpe. La partida i de la
// generación g usa la bolsa de semilla S + g·2³² + i: con las mismas
// opciones el resultado es el mismo byte a byte, con cualquier cantidad de
// gorutinas.
package aprendizaje

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/experimento"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/variante"
)

// entrenamiento es lo que identifica un aprendizaje: con las mismas
// opciones, el resultado es el mismo byte a byte (no depende de las
// gorutinas ni de las interrupciones).
type entrenamiento struct {
	Idioma   string
	Partidas []int // por generación
	Semilla  uint64
}

// generacion resume una generación terminada.
type generacion struct {
	Partidas   int
	Manos      int
	Base       float64
	PocoVistas int
	SinVer     int
	Fuerza     []float64
	Segundos   float64
}

// punto es el estado que se guarda después de cada bloque de partidas.
type punto struct {
	Version       int
	Entrenamiento entrenamiento
	Generacion    int // la que está en curso, desde 0
	Hechas        int // partidas terminadas de la generación en curso
	Generaciones  []generacion
	Segundos      float64 // de la generación en curso
}

const (
	magiaPunto   = "PLHP"
	versionPunto = 1
)

// estado es lo que hace falta para seguir: el punto, la tabla con que juega
// la generación en curso (nil en la primera, que juega con la valoración
// inicial) y las muestras de la generación en curso.
type estado struct {
	punto    punto
	tabla    *hojas.Tabla
	muestras *hojas.Muestras
}

// guardar escribe el estado en ruta, atómicamente (un archivo temporal que
// se renombra).
func (e *estado) guardar(ruta string) error {
	cab, err := json.Marshal(e.punto)
	if err != nil {
		return err
	}
	var tb []byte
	if e.tabla != nil {
		tb, _ = e.tabla.MarshalBinary()
	}
	mu, _ := e.muestras.MarshalBinary()
	var b bytes.Buffer
	b.WriteString(magiaPunto)
	for _, parte := range [][]byte{cab, tb, mu} {
		b.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(parte))))
		b.Write(parte)
	}
	tmp := ruta + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, ruta)
}

// errPunto: el archivo de punto no se puede usar.
var errPunto = errors.New("archivo de punto inválido")

// maxPunto es el tamaño máximo de un archivo de punto: el de una tabla de
// hojas con sus muestras ocupa unos 20 MB.
const maxPunto = 1 << 30

// cargar lee el estado guardado en ruta para la variante v (a lo sumo
// maxPunto bytes).
func cargar(ruta string, v *variante.Variante) (*estado, error) {
	datos, err := programa.LeerAcotado(ruta, maxPunto, "aprendizaje.maxPunto")
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(datos, []byte(magiaPunto)) {
		return nil, fmt.Errorf("%w: %s no empieza con %s", errPunto, ruta, magiaPunto)
	}
	datos = datos[len(magiaPunto):]
	var partes [3][]byte
	for i := range partes {
		if len(datos) < 8 {
			return nil, fmt.Errorf("%w: %s está truncado", errPunto, ruta)
		}
		n := binary.LittleEndian.Uint64(datos)
		datos = datos[8:]
		if uint64(len(datos)) < n {
			return nil, fmt.Errorf("%w: %s está truncado", errPunto, ruta)
		}
		partes[i], datos = datos[:n], datos[n:]
	}
	e := &estado{}
	if err := json.Unmarshal(partes[0], &e.punto); err != nil || e.punto.Version != versionPunto {
		return nil, fmt.Errorf("%w: %s: cabecera: %v", errPunto, ruta, err)
	}
	if len(partes[1]) > 0 {
		if e.tabla, err = hojas.Decodificar(partes[1], v, hojas.Opciones{}); err != nil {
			return nil, fmt.Errorf("%w: %s: %w", errPunto, ruta, err)
		}
	}
	if e.muestras, err = hojas.DecodificarMuestras(partes[2], v); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", errPunto, ruta, err)
	}
	return e, nil
}

// config es cómo correr un entrenamiento.
type config struct {
	entrenamiento
	variante  *variante.Variante
	gorutinas int
	bloque    int    // partidas entre puntos
	punto     string // archivo de punto
	progreso  io.Writer
	registro  io.Writer
	// parar, si no es nil, se consulta después de cada bloque: si da
	// true, entrenar guarda el punto y termina con errInterrumpido.
	parar func() bool
}

var errInterrumpido = errors.New("interrumpido")

// semillaDe es la semilla de la bolsa de la partida i de la generación g.
func semillaDe(semilla uint64, g, i int) uint64 { return semilla + uint64(g)<<32 + uint64(i) }

// entrenar corre (o sigue, si existe el punto) el entrenamiento y devuelve
// la tabla de la última generación.
func entrenar(c config) (*hojas.Tabla, []generacion, error) {
	e, err := cargar(c.punto, c.variante)
	switch {
	case err == nil:
		if fmt.Sprint(e.punto.Entrenamiento) != fmt.Sprint(c.entrenamiento) {
			return nil, nil, fmt.Errorf("%w: %s es de otro entrenamiento (%+v); bórrelo o use otro -punto", errPunto, c.punto, e.punto.Entrenamiento)
		}
		fmt.Fprintf(c.registro, "sigue desde %s: generación %d, %d partidas hechas\n", c.punto, e.punto.Generacion+1, e.punto.Hechas)
	case errors.Is(err, os.ErrNotExist):
		m, err := hojas.NuevasMuestras(c.variante)
		if err != nil {
			return nil, nil, err
		}
		e = &estado{punto: punto{Version: versionPunto, Entrenamiento: c.entrenamiento}, muestras: m}
	default:
		return nil, nil, err
	}

	// Un generador, un bot y unas muestras por gorutina.
	type trabajador struct {
		gen      generador.Generador
		muestras *hojas.Muestras
	}
	ts := make([]trabajador, c.gorutinas)
	for i := range ts {
		g, err := generador.Nuevo(c.variante, generador.Opciones{})
		if err != nil {
			return nil, nil, err
		}
		m, _ := hojas.NuevasMuestras(c.variante)
		ts[i] = trabajador{g, m}
	}

	for ; e.punto.Generacion < len(c.Partidas); e.punto.Generacion++ {
		g := e.punto.Generacion
		total := c.Partidas[g]
		// La primera generación, sin tabla todavía, con el modelo lineal.
		op := bot.OpcionesExperto{Lineal: true}
		if e.tabla != nil {
			op = bot.OpcionesExperto{Hojas: e.tabla}
		}
		barra := experimento.Barra(c.progreso, total, fmt.Sprintf("%s, generación %d/%d", c.Idioma, g+1, len(c.Partidas)))
		barra.Set(e.punto.Hechas)
		for e.punto.Hechas < total {
			inicio := time.Now()
			fin := min(total, e.punto.Hechas+c.bloque)
			err := experimento.EnParalelo(e.punto.Hechas, fin, len(ts), barra, func(k int) (func(int) error, error) {
				b, err := bot.NuevoExperto(ts[k].gen, op)
				if err != nil {
					return nil, err
				}
				return func(i int) error {
					err := jugar(c.variante, b, semillaDe(c.Semilla, g, i), ts[k].muestras)
					return err
				}, nil
			})
			if err != nil {
				return nil, nil, err
			}
			for k := range ts {
				if err := e.muestras.Sumar(ts[k].muestras); err != nil {
					return nil, nil, err
				}
				ts[k].muestras, _ = hojas.NuevasMuestras(c.variante)
			}
			e.punto.Hechas = fin
			e.punto.Segundos += time.Since(inicio).Seconds()
			if err := e.guardar(c.punto); err != nil {
				return nil, nil, err
			}
			if c.parar != nil && c.parar() {
				barra.Exit()
				return nil, nil, errInterrumpido
			}
		}
		barra.Finish()
		tabla, res := e.muestras.Tabla()
		gen := generacion{Partidas: total, Manos: res.Manos, Base: res.Base, PocoVistas: res.PocoVistas, SinVer: res.SinVer,
			Fuerza: res.Fuerza, Segundos: e.punto.Segundos}
		e.punto.Generaciones = append(e.punto.Generaciones, gen)
		fmt.Fprintf(c.registro, "%s, generación %d: %d partidas, %d manos (equidad media %.2f) en %.0f s; %d de %d hojas vistas menos de %d veces (%d nunca); fuerza de las previas %v\n",
			c.Idioma, g+1, total, res.Manos, res.Base, gen.Segundos, res.PocoVistas, tabla.Tamano(), hojas.PocasVeces, res.SinVer, redondear(res.Fuerza[1:]))
		e.tabla = tabla
		e.muestras, _ = hojas.NuevasMuestras(c.variante)
		e.punto.Hechas, e.punto.Segundos = 0, 0
		if g+1 < len(c.Partidas) {
			// El punto de la generación siguiente, sin partidas: si se
			// interrumpe ahora no se rehace esta.
			pe := *e
			pe.punto.Generacion++
			if err := pe.guardar(c.punto); err != nil {
				return nil, nil, err
			}
		}
	}
	return e.tabla, e.punto.Generaciones, nil
}

func redondear(xs []float64) []float64 {
	res := make([]float64, len(xs))
	for i, x := range xs {
		res[i] = float64(int(x*10+0.5)) / 10
	}
	return res
}

// jugar juega una partida de dos jugadores con b en los dos lados y anota
// en m cada mano llena con la bolsa con al menos F fichas (con la equidad de
// lo que se decidió) y, al terminar, cada posición con su resultado.
func jugar(v *variante.Variante, b *bot.Bot, semilla uint64, m *hojas.Muestras) error {
	j, err := experimento.NuevoJuego(v, semilla)
	if err != nil {
		return err
	}
	type posicion struct{ jugador, diferencia, noVistas int }
	var posiciones []posicion
	err = experimento.Jugar(context.Background(), j, []*bot.Bot{b, b}, func(p int, d bot.Decision) error {
		mano, _ := j.Fichas(p)
		otra, _ := j.Fichas(1 - p)
		enBolsa := j.LetrasEnRepositorio()
		pp, _ := j.Puntaje(p)
		po, _ := j.Puntaje(1 - p)
		posiciones = append(posiciones, posicion{p, pp - po, enBolsa + otra.Tamano()})
		if enBolsa >= v.Fichas() && mano.Tamano() == v.Fichas() {
			m.Anotar(mano, d.Equidad)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("partida %d: %w", semilla, err)
	}
	var final [2]int
	final[0], _ = j.Puntaje(0)
	final[1], _ = j.Puntaje(1)
	for _, x := range posiciones {
		res := 0.5
		switch d := final[x.jugador] - final[1-x.jugador]; {
		case d > 0:
			res = 1
		case d < 0:
			res = 0
		}
		m.AnotarPosicion(x.diferencia, x.noVistas, res)
	}
	return nil
}

// Opciones son las del aprendizaje.
type Opciones struct {
	Idioma    string // es, en o el nombre de una variante descrita (experimento.Variante)
	Partidas  []int  // de cada generación
	Semilla   uint64 // la de la primera bolsa
	Salida    string // el archivo de la tabla ("" es hojas-<idioma>.bin)
	Punto     string // el archivo de punto ("" es el de Salida con .punto)
	Gorutinas int
	Bloque    int    // partidas entre puntos
	Sowpods   string // la lista de palabras: la inglesa ("" la busca) o la de la variante descrita
}

// Correr aprende la tabla de op, la escribe en op.Salida y borra el punto;
// escribe el registro de cada generación en salida y el progreso en
// errores. Si se interrumpió, la misma llamada sigue desde el último punto.
func Correr(op Opciones, salida, errores io.Writer) error {
	v, err := experimento.Variante(op.Idioma, op.Sowpods)
	if err != nil {
		return err
	}
	if op.Salida == "" {
		op.Salida = "hojas-" + op.Idioma + ".bin"
	}
	if op.Punto == "" {
		op.Punto = op.Salida + ".punto"
	}
	// La primera generación juega con el modelo lineal (el experto de
	// antes), nunca con una tabla embebida: así el resultado no depende de
	// la tabla que ya esté en el código.
	inicio := time.Now()
	tabla, gens, err := entrenar(config{
		entrenamiento: entrenamiento{Idioma: op.Idioma, Partidas: op.Partidas, Semilla: op.Semilla},
		variante:      v, gorutinas: op.Gorutinas, bloque: op.Bloque,
		punto: op.Punto, progreso: errores, registro: salida,
	})
	if err != nil {
		return err
	}
	f, err := os.Create(op.Salida)
	if err != nil {
		return err
	}
	if _, err := tabla.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	_ = os.Remove(op.Punto)
	total := 0
	for _, g := range gens {
		total += g.Partidas
	}
	fmt.Fprintf(salida, "%s: %d generaciones, %d partidas; tabla de %d hojas en %s (esta corrida: %v)\n",
		op.Idioma, len(gens), total, tabla.Tamano(), op.Salida, time.Since(inicio).Round(time.Second))
	return nil
}
